// Files the shop keeps that no one else on the host may read: the built-in database's folder,
// backups (the whole database, TOTP secrets), the mail outbox (one-time codes). Folders are
// made 0700 and files 0600, as the sandbox secret is; a folder made before, with the umask's
// 0755, is narrowed when it is next used.
import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * A folder with the sticky bit (/tmp, /var/tmp) is shared by every user of the host by design:
 * narrowed to 0700, nobody else could use it (Debian's apt, run as _apt, stopped working). The
 * shop's files in it are still 0600.
 */
const SHARED_DIR_BIT = 0o1000;

/** Makes `dir` (and any missing parents) readable by this user alone, unless it is shared. */
export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((statSync(dir).mode & SHARED_DIR_BIT) === 0) chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes `dir` (and any missing parents) readable by this user alone, unless it is shared. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (((await stat(dir)).mode & SHARED_DIR_BIT) === 0) await chmod(dir, PRIVATE_DIR_MODE);
}

/** A folder the server must write in and cannot; the message names it and the cause. */
export class FolderNotWritable extends Error {
  override name = 'FolderNotWritable';
}

const WRITE_FAILURES: Record<string, string> = {
  EROFS: 'its file system is mounted read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a file of that name is in the way',
};

/**
 * Checks that this process can write in `dir` (made when missing), by writing and removing
 * a small file: a read-only disk or a folder owned by another user is then named with its
 * cause, instead of failing deep inside the database ("PGlite failed to initialize").
 */
export function checkWritableDirSync(dir: string, what: string): void {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const why = WRITE_FAILURES[code] ?? (err as Error).message;
    throw new FolderNotWritable(
      `Kitroom cannot write to ${what} (${path.resolve(dir)}): ${why}${code ? ` (${code})` : ''}. ` +
        `Make the folder writable by the user that runs the server (${os.userInfo().username}), ` +
        'or set DATA_DIR to a folder it can write.',
    );
  }
}
