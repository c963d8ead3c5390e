// What no one else on the host may read is kept private: the built-in database's folder and
// the mail outbox are made 0700 (narrowed when they were made before), each mail 0600.
// Backups are checked in ops/backups.test.ts, on each engine.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/index.js';
import { createMailer } from './mail/index.js';
import { makePrivateDir, makePrivateDirSync } from './private-files.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'kitroom-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('private files', () => {
  it('the built-in database folder is 0700, also when it was made 0755 before', async () => {
    for (const [name, before] of [
      ['new', null],
      ['old', 0o755],
    ] as const) {
      const dir = path.join(root, name, 'pglite');
      if (before !== null) mkdirSync(dir, { recursive: true, mode: before });
      const database = await openDatabase({ pgliteDir: dir, pgliteSmall: true });
      await database.close();
      expect(modeOf(dir), name).toBe(0o700);
    }
  }, 60_000);

  it('a folder shared by every user (the sticky bit, as /tmp) is left as it is', async () => {
    for (const make of [makePrivateDirSync, makePrivateDir]) {
      const shared = mkdtempSync(path.join(root, 'shared-'));
      chmodSync(shared, 0o1777);
      await make(shared);
      expect(statSync(shared).mode & 0o7777, make.name).toBe(0o1777);
      const own = mkdtempSync(path.join(root, 'own-'));
      chmodSync(own, 0o755);
      await make(own);
      expect(statSync(own).mode & 0o7777, make.name).toBe(0o700);
    }
  });

  it('the outbox folder is 0700 and each mail in it 0600', async () => {
    const outboxDir = path.join(root, 'outbox');
    mkdirSync(outboxDir, { mode: 0o755 });
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'shop@kitroom.test',
      outboxDir,
      log: { info: () => undefined },
    });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Your code',
      text: 'Your code is 123456',
      html: '<p>Your code is 123456</p>',
    });
    mailer.close();
    const [mail] = readdirSync(outboxDir);
    expect(mail).toMatch(/\.eml$/);
    expect(modeOf(outboxDir)).toBe(0o700);
    expect(modeOf(path.join(outboxDir, mail!))).toBe(0o600);
  });
});
