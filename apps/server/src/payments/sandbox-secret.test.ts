// The sandbox never signs with a constant: without SESSION_SECRET it makes a random secret
// once and keeps it in DATA_DIR (mode 0600), which every process sharing DATA_DIR then uses.
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createSandboxGateway, SANDBOX_PAY_PATH, type SandboxPayment } from './sandbox.provider.js';
import { SANDBOX_SECRET_FILE, sandboxSecretSeed } from './sandbox-secret.js';

// The seed the sandbox fell back to when SESSION_SECRET was unset: public in the source.
const FORMER_CONSTANT_SEED = 'kitroom-sandbox-development-only';

const payment = (): SandboxPayment => ({
  ref: 'order-1-1',
  order: 1,
  amount: 135_900,
  cur: 'INR',
  exp: Math.floor(Date.now() / 1000) + 600,
});

let dataDir: string;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-sandbox-secret-'));
  // Two servers sharing one DATA_DIR, neither with SESSION_SECRET.
  first = await startTestApp({ DATA_DIR: dataDir });
  second = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sandbox secret without SESSION_SECRET', () => {
  it('is made once, random, and kept in DATA_DIR readable by its owner only', () => {
    const file = path.join(dataDir, SANDBOX_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, 'utf8');
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(sandboxSecretSeed({ dataDir, sessionSecret: undefined })).toBe(secret);
  });

  it('differs between shops', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'kitroom-sandbox-secret-'));
    try {
      expect(sandboxSecretSeed({ dataDir: other, sessionSecret: undefined })).not.toBe(
        sandboxSecretSeed({ dataDir, sessionSecret: undefined }),
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('signs alike in every process sharing DATA_DIR, and after a restart', async () => {
    const seed = readFileSync(path.join(dataDir, SANDBOX_SECRET_FILE), 'utf8');
    const token = createSandboxGateway(seed).sign(payment());
    for (const app of [first.app, second.app]) {
      const res = await app.inject({ method: 'GET', url: `${SANDBOX_PAY_PATH}/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('₹1,359');
    }
  });

  it('is not the constant the source once held: a page signed with it is refused', async () => {
    const forged = createSandboxGateway(FORMER_CONSTANT_SEED).sign(payment());
    const res = await first.app.inject({ method: 'GET', url: `${SANDBOX_PAY_PATH}/${forged}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This payment page does not exist.');
  });

  it('is SESSION_SECRET when that is set, and no file is made', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'kitroom-sandbox-secret-'));
    try {
      expect(sandboxSecretSeed({ dataDir: other, sessionSecret: 'from-the-environment' })).toBe(
        'from-the-environment',
      );
      expect(existsSync(path.join(other, SANDBOX_SECRET_FILE))).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
