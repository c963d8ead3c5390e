// A new build keeps the files of the build before it, then removes older ones. Vite empties
// its output folder by default, so the moment `npm run build` ends, the shop still running
// (until it is restarted; the process behind nginx not yet restarted) serves pages whose
// scripts are gone, and a shopper's open tab asks for chunks that no longer exist. Hashed
// names never collide, so the build before is kept beside the new one for one more build.
// Which files a build wrote is recorded in the output folder (RECORD); a folder with no record
// (a build from before this, or none) keeps only the new build's files. Decision 099.
import {
  existsSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const RECORD = '.kitroom-build-files.json';

/** Every file under `dir`, as paths relative to it with '/' separators. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'));
}

function recorded(outDir: string): Set<string> {
  try {
    return new Set(JSON.parse(readFileSync(path.join(outDir, RECORD), 'utf8')) as string[]);
  } catch {
    return new Set();
  }
}

/**
 * After a build that started at `startedAt`: the files it wrote (written since then) and the
 * files the build before it recorded stay; every other file goes, and empty folders with it.
 * Records this build's files and returns them.
 */
export function keepOnlyTheseTwoBuilds(outDir: string, startedAt: number): string[] {
  const previous = recorded(outDir);
  const all = filesUnder(outDir).filter((name) => name !== RECORD);
  const written = all.filter((name) => statSync(path.join(outDir, name)).mtimeMs >= startedAt);
  // A build that wrote nothing (it failed) leaves the folder and its record as they were.
  if (written.length === 0) return written;
  const current = new Set(written);
  for (const name of all) {
    if (!current.has(name) && !previous.has(name)) rmSync(path.join(outDir, name));
  }
  for (const name of readdirSync(outDir, { recursive: true, encoding: 'utf8' }).reverse()) {
    const folder = path.join(outDir, name);
    if (statSync(folder).isDirectory() && readdirSync(folder).length === 0) rmdirSync(folder);
  }
  writeFileSync(path.join(outDir, RECORD), `${JSON.stringify(written.sort(), null, 1)}\n`);
  return written;
}

/** The plugin: Vite's emptying of the output folder off, keepOnlyTheseTwoBuilds at the end. */
export function keepEarlierBuild(): Plugin {
  let outDir = '';
  let startedAt = 0;
  return {
    name: 'kitroom:keep-earlier-build',
    apply: 'build',
    config: () => ({ build: { emptyOutDir: false } }),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      // A file system may keep times to the second: a file written in the same second as the
      // start still counts as this build's.
      startedAt = Math.floor(Date.now() / 1000) * 1000;
    },
    // After every plugin's writeBundle (the compressed copies among them).
    closeBundle() {
      if (startedAt > 0) keepOnlyTheseTwoBuilds(outDir, startedAt);
    },
  };
}
