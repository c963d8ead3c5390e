// The server's version, from its package.json, read once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../server-dir.js';

const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
  version?: string;
};

export const APP_VERSION = manifest.version ?? 'unknown';
