// The sandbox signs its payment pages, redirects and webhooks with a secret derived from
// SESSION_SECRET. Without one (allowed outside production only), a random secret is made
// once and kept in DATA_DIR, readable by its owner alone: restarts and every process sharing
// DATA_DIR sign alike, and no signing secret is ever a constant anyone can read in the source.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

export const SANDBOX_SECRET_FILE = 'sandbox-secret';
/** 32 random bytes, base64url. */
const SECRET_LENGTH = 43;

/** SESSION_SECRET, or the secret kept in DATA_DIR (made on first use). */
export function sandboxSecretSeed(config: Pick<Config, 'sessionSecret' | 'dataDir'>): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, SANDBOX_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // Written whole under a private name, then linked into place, which fails if another
    // process got there first: the loser uses the winner's secret, none reads half a file.
    const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < SECRET_LENGTH) {
    throw new Error(`${file} does not hold a sandbox secret; delete it to have a new one made.`);
  }
  return secret;
}
