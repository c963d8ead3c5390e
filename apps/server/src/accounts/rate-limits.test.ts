// Brute force and mail flooding are stopped by limits counted in the database, so they hold
// across server processes. Limits are set low here through the environment, as an operator would.
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { otpCodes, rateLimits } from '../db/index.js';
import { nextIp, testBrowser } from '../test/browser.js';
import { createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let second: App;

beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_LOGIN_PER_EMAIL: '4',
    RATE_LIMIT_LOGIN_PER_IP: '6',
    RATE_LIMIT_OTP_SEND_PER_EMAIL: '2',
    RATE_LIMIT_OTP_SEND_PER_IP: '3',
    RATE_LIMIT_OTP_CHECK_PER_EMAIL: '3',
    RATE_LIMIT_OTP_CHECK_PER_IP: '5',
  });
  // A second server process on the same database.
  second = await buildApp({ config: t.config, database: t.database });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

let counter = 0;
const newEmail = () => `limited${++counter}-${Date.now()}@example.com`;

/** Ends every window counted under keys starting with prefix (instead of waiting). */
async function endWindows(prefix: string) {
  await t.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(like(rateLimits.key, `${prefix}%`));
}

describe('login', () => {
  it('stops guessing one address after 4 tries in 15 minutes, from any IP or process', async () => {
    const email = newEmail();
    await createUser(t.db, { email, password: 'right-password' });
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await testBrowser(app).post('/api/login_verification.php', {
        email,
        password: `guess-${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await testBrowser(second).post('/api/login_verification.php', {
      email: `  ${email.toUpperCase()}`,
      password: 'right-password',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many login attempts. Please try again in 15 minutes.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(limited.cookies).toEqual([]);

    // Another address is not affected.
    const other = newEmail();
    await createUser(t.db, { email: other, password: 'right-password' });
    const ok = await testBrowser(t.app).post('/api/login_verification.php', {
      email: other,
      password: 'right-password',
    });
    expect(ok.statusCode).toBe(200);

    // Once the window has passed, the owner gets in.
    await endWindows(`login-email:${email}`);
    const later = await testBrowser(t.app).post('/api/login_verification.php', {
      email,
      password: 'right-password',
    });
    expect(later.statusCode).toBe(200);
  });

  it('stops one IP trying many addresses', async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      const res = await testBrowser(t.app, ip).post('/api/login_verification.php', {
        email: newEmail(),
        password: 'guess',
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await testBrowser(second, ip).post('/api/login_verification.php', {
      email: newEmail(),
      password: 'guess',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many login attempts\. Please try again in/);
    // Another IP is not affected.
    const elsewhere = await testBrowser(t.app).post('/api/login_verification.php', {
      email: newEmail(),
      password: 'guess',
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('OTP sending', () => {
  it('sends at most 2 codes an hour to one address', async () => {
    const email = newEmail();
    const send = () =>
      testBrowser(t.app).post('/api/PHPMailer/send_email.php', { email, action: 'resend' });
    for (let i = 0; i < 2; i++) {
      expect((await send()).statusCode).toBe(200);
      // Past the one-minute wait, so only the hourly limit can refuse.
      await t.db
        .update(otpCodes)
        .set({ sentAt: sql`${otpCodes.sentAt} - interval '2 minutes'` })
        .where(eq(otpCodes.email, email));
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many OTP requests. Please try again in 60 minutes.',
    });
  });

  it('sends at most 3 codes an hour for one IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) {
      const res = await testBrowser(t.app, ip).post('/api/PHPMailer/send_email.php', {
        email: newEmail(),
        action: 'send',
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await testBrowser(second, ip).post('/api/PHPMailer/send_email.php', {
      email: newEmail(),
      action: 'send',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many OTP requests\./);
  });
});

describe('OTP checking', () => {
  it('checks at most 3 codes for one address in 15 minutes', async () => {
    const email = newEmail();
    await testBrowser(t.app).post('/api/PHPMailer/send_email.php', { email, action: 'send' });
    for (let i = 0; i < 3; i++) {
      const res = await testBrowser(t.app).post('/api/otpprocess.php', {
        email,
        otp: `00000${i}`,
      });
      expect(res.statusCode).not.toBe(429);
    }
    const limited = await testBrowser(second).post('/api/otpprocess.php', {
      email,
      otp: '000009',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many OTP attempts. Please try again in 15 minutes.',
    });
  });

  it('checks at most 5 codes from one IP in 15 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await testBrowser(t.app, ip).post('/api/otpprocess.php', {
        email: newEmail(),
        otp: '123456',
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await testBrowser(t.app, ip).post('/api/otpprocess.php', {
      email: newEmail(),
      otp: '123456',
    });
    expect(limited.statusCode).toBe(429);
  });
});
