// Setting a new password: at the end of 'forgot password?' (the code's grant stands in for the
// current password) and in the account area (the current password is required). Both log the
// user out everywhere else.
import { PASSWORD_CHANGED_MESSAGE } from '@kitroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/index.js';
import { testBrowser, type TestBrowser } from '../test/browser.js';
import { createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.js';
import { LOGIN_FAILED, RESET_NOT_GRANTED, WRONG_CURRENT_PASSWORD } from './accounts.service.js';

let t: TestApp;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let counter = 0;
const newEmail = () => `keeper${++counter}-${Date.now()}@example.com`;
const browser = () => testBrowser(t.app);

async function logIn(b: TestBrowser, email: string, password: string) {
  const res = await b.post('/api/login_verification.php', { email, password });
  return res;
}

/** 'forgot password?': the code is mailed and entered in this browser, which is logged in. */
async function logInByCode(b: TestBrowser, email: string) {
  const sent = await b.post('/api/PHPMailer/send_email.php', { email, action: 'send' });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await b.post('/api/otpprocess.php', { email, otp: smtp.takeCode(email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { user_code: number; session_id: string };
}

const liveSessions = (userId: number) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('forgot password ends in a new password', () => {
  it('sets the password, keeps this session and ends every other', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'forgotten-1' });
    // The shopper is still logged in on a laptop with the old password.
    const laptop = browser();
    expect((await logIn(laptop, email, 'forgotten-1')).statusCode).toBe(200);

    const phone = browser();
    const { user_code } = await logInByCode(phone, email);
    expect(user_code).toBe(id);
    expect(phone.cookies.has('otp_grant')).toBe(true);

    const res = await phone.post('/api/reset_password.php', {
      user_id: id,
      password: 'new-secret-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: PASSWORD_CHANGED_MESSAGE });
    expect(phone.cookies.has('otp_grant')).toBe(false);

    // The phone stays logged in; the laptop is out.
    expect((await phone.post('/api/profile.php', { id })).statusCode).toBe(200);
    expect((await laptop.post('/api/profile.php', { id })).statusCode).toBe(401);
    expect(await liveSessions(id)).toHaveLength(1);

    // The new password works and the old one does not.
    expect((await logIn(browser(), email, 'new-secret-2')).statusCode).toBe(200);
    const old = await logIn(browser(), email, 'forgotten-1');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: LOGIN_FAILED });
  });

  it('works once per code, and not without one', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'first-pass' });
    const phone = browser();
    await logInByCode(phone, email);
    const grant = phone.cookies.get('otp_grant')!;
    expect(
      (await phone.post('/api/reset_password.php', { user_id: id, password: 'second-pass' }))
        .statusCode,
    ).toBe(200);

    // The same token again (a client that kept it) is refused.
    phone.cookies.set('otp_grant', grant);
    const again = await phone.post('/api/reset_password.php', {
      user_id: id,
      password: 'third-pass',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: RESET_NOT_GRANTED });

    // A password login grants no reset: it needs the current password (change_password.php).
    const laptop = browser();
    await logIn(laptop, email, 'second-pass');
    const noGrant = await laptop.post('/api/reset_password.php', {
      user_id: id,
      password: 'third-pass',
    });
    expect(noGrant.statusCode).toBe(403);
    expect((await logIn(browser(), email, 'second-pass')).statusCode).toBe(200);
  });

  it("refuses another user's grant and another user's id", async () => {
    const mine = newEmail();
    const theirs = newEmail();
    const me = await createUser(t.db, { email: mine, password: 'my-pass-1' });
    const them = await createUser(t.db, { email: theirs, password: 'their-pass' });
    const b = browser();
    await logInByCode(b, mine);
    const other = await b.post('/api/reset_password.php', {
      user_id: them.id,
      password: 'x-pass-1',
    });
    expect(other.statusCode).toBe(403);
    // Their grant in my session does not reset my password either.
    const thief = browser();
    await logInByCode(thief, theirs);
    b.cookies.set('otp_grant', thief.cookies.get('otp_grant')!);
    const swapped = await b.post('/api/reset_password.php', {
      user_id: me.id,
      password: 'x-pass-1',
    });
    expect(swapped.statusCode).toBe(403);
    expect((await logIn(browser(), theirs, 'their-pass')).statusCode).toBe(200);
    expect((await logIn(browser(), mine, 'my-pass-1')).statusCode).toBe(200);
  });

  it('needs a session and a password of 6', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'first-pass' });
    const anonymous = await browser().post('/api/reset_password.php', {
      user_id: id,
      password: 'whatever-1',
    });
    expect(anonymous.statusCode).toBe(401);
    const b = browser();
    await logInByCode(b, email);
    const short = await b.post('/api/reset_password.php', { user_id: id, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('password must be at least 6 characters');
  });
});

describe('change_password.php', () => {
  it('needs the current password, then ends every other session', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'current-1' });
    const laptop = browser();
    await logIn(laptop, email, 'current-1');
    const phone = browser();
    await logIn(phone, email, 'current-1');

    const wrong = await phone.post('/api/change_password.php', {
      user_id: id,
      current_password: 'not-it',
      new_password: 'changed-2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_CURRENT_PASSWORD });
    expect((await laptop.post('/api/profile.php', { id })).statusCode).toBe(200);

    const res = await phone.post('/api/change_password.php', {
      user_id: id,
      current_password: 'current-1',
      new_password: 'changed-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: PASSWORD_CHANGED_MESSAGE });
    expect((await phone.post('/api/profile.php', { id })).statusCode).toBe(200);
    expect((await laptop.post('/api/profile.php', { id })).statusCode).toBe(401);
    expect((await logIn(browser(), email, 'changed-2')).statusCode).toBe(200);
    expect((await logIn(browser(), email, 'current-1')).statusCode).toBe(401);
  });

  it("responds only for the session's own user", async () => {
    const me = await createUser(t.db, { email: newEmail(), password: 'mine-pass' });
    const them = await createUser(t.db, { email: newEmail(), password: 'their-pass' });
    const b = browser();
    await logIn(b, me.email, 'mine-pass');
    const res = await b.post('/api/change_password.php', {
      user_id: them.id,
      current_password: 'their-pass',
      new_password: 'stolen-1',
    });
    expect(res.statusCode).toBe(403);
    expect((await logIn(browser(), them.email, 'their-pass')).statusCode).toBe(200);
  });

  it('limits guesses of the current password per user', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'current-1' });
    const b = browser();
    await logIn(b, email, 'current-1');
    for (let i = 0; i < t.config.rateLimits.loginPerEmail; i++) {
      const res = await b.post('/api/change_password.php', {
        user_id: id,
        current_password: `guess-${i}`,
        new_password: 'changed-2',
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await b.post('/api/change_password.php', {
      user_id: id,
      current_password: 'current-1',
      new_password: 'changed-2',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many password attempts\./);
    expect((await logIn(browser(), email, 'current-1')).statusCode).toBe(200);
  });
});
