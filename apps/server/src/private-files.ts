// Files the shop keeps that no one else on the host may read: the built-in database's folder,
// backups (the whole database, TOTP secrets), the mail outbox (one-time codes). Folders are
// made 0700 and files 0600, as the sandbox secret is; a folder made before, with the umask's
// 0755, is narrowed when it is next used.
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (and any missing parents) readable by this user alone. */
export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes `dir` (and any missing parents) readable by this user alone. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}
