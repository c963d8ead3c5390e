// A build keeps the build before it: a shop not yet restarted, and a shopper's open tab, still
// find their scripts; the build before that one is removed.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepOnlyTheseTwoBuilds } from './keep-earlier-build';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

/** A build at time `at` (seconds): writes `files` into `dir`, then prunes. */
function build(dir: string, at: number, files: string[]) {
  for (const name of files) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, name);
    utimesSync(file, at, at);
  }
  return keepOnlyTheseTwoBuilds(dir, at * 1000);
}

const listed = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((n) => n.includes('.'))
    .map((n) => n.split(path.sep).join('/'))
    .sort();

describe('a new build', () => {
  it('keeps the files of the build before it and removes the ones before that', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-build-'));
    folders.push(dir);
    build(dir, 1_000, [
      'index.html',
      'assets/index-aaa.js',
      'assets/index-aaa.js.br',
      'assets/old-page-aaa.js',
    ]);
    build(dir, 2_000, ['index.html', 'assets/index-bbb.js', 'assets/index-bbb.js.br']);
    expect(listed(dir)).toEqual([
      '.kitroom-build-files.json',
      'assets/index-aaa.js',
      'assets/index-aaa.js.br',
      'assets/index-bbb.js',
      'assets/index-bbb.js.br',
      'assets/old-page-aaa.js',
      'index.html',
    ]);
    build(dir, 3_000, ['index.html', 'assets/index-ccc.js', 'assets/index-bbb.js.br']);
    expect(listed(dir)).toEqual([
      '.kitroom-build-files.json',
      'assets/index-bbb.js',
      'assets/index-bbb.js.br',
      'assets/index-ccc.js',
      'index.html',
    ]);
  });

  it('in a folder with no record keeps only its own files, and a build that wrote nothing changes nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-build-'));
    folders.push(dir);
    mkdirSync(path.join(dir, 'assets/fonts'), { recursive: true });
    writeFileSync(path.join(dir, 'assets/fonts/stale.woff2'), '');
    utimesSync(path.join(dir, 'assets/fonts/stale.woff2'), 500, 500);
    build(dir, 1_000, ['index.html', 'assets/index-aaa.js']);
    expect(listed(dir)).toEqual(['.kitroom-build-files.json', 'assets/index-aaa.js', 'index.html']);
    expect(build(dir, 2_000, [])).toEqual([]);
    expect(listed(dir)).toEqual(['.kitroom-build-files.json', 'assets/index-aaa.js', 'index.html']);
  });
});
