import { createHash } from 'node:crypto';
import { SESSION_DESTROYED_MESSAGE } from '@kitroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, otpGrants, sessions, shippingAddresses, users } from '../db/index.js';
import { testBrowser, type TestBrowser } from '../test/browser.js';
import { createUser, shippingAddressInput } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.js';
import {
  LOGIN_FAILED,
  OTP_VERIFIED_MESSAGE,
  SESSION_ENDED,
  VERIFY_BEFORE_REGISTERING,
} from './accounts.service.js';
import { INVALID_OTP } from './otp.service.js';
import { HASHING_QUEUE, HASHING_SLOTS, hashSecret } from './passwords.service.js';
import { sessionCookieOptions } from './sessions.service.js';

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
const newEmail = () => `shopper${++counter}-${Date.now()}@example.com`;
const browser = () => testBrowser(t.app);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function otpRow(email: string) {
  const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.email, email));
  return row;
}

/** Moves the address's last send back in time (instead of waiting). */
async function ageCode(email: string, seconds: number) {
  await t.db
    .update(otpCodes)
    .set({
      sentAt: sql`${otpCodes.sentAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${otpCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpCodes.email, email));
}

/** Moves the address's grants back in time (instead of waiting). */
async function ageGrants(email: string, seconds: number) {
  await t.db
    .update(otpGrants)
    .set({ expiresAt: sql`${otpGrants.expiresAt} - make_interval(secs => ${seconds})` })
    .where(eq(otpGrants.email, email));
}

async function grantsOf(email: string) {
  return t.db.select().from(otpGrants).where(eq(otpGrants.email, email));
}

async function sendCode(b: TestBrowser, email: string, action = 'send') {
  const res = await b.post('/api/PHPMailer/send_email.php', { email, action });
  expect(res.statusCode, res.body).toBe(200);
  return smtp.takeCode(email.trim().toLowerCase());
}

/** A new address through send → code → details form; returns the signup response. */
async function register(b: TestBrowser, email: string, password = 'secret-pass') {
  const code = await sendCode(b, email);
  const verified = await b.post('/api/otpprocess.php', { email, otp: code });
  expect(verified.json()).toEqual({ message: OTP_VERIFIED_MESSAGE });
  const res = await b.post('/api/signup.php', {
    name: 'Asha Menon',
    email,
    password,
    mobile_number: '9876543210',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a new address registers by its mailed code and logs in', () => {
  it('walks the whole journey', async () => {
    const b = browser();
    const email = `asha.menon-${Date.now()}@example.com`;
    // As typed on a phone: capitalised, with stray spaces.
    const typedEmail = `  ${email.toUpperCase()} `;

    // 1. The email step: a code is mailed to the trimmed, lower-cased address.
    const sent = await b.post('/api/PHPMailer/send_email.php', {
      email: typedEmail,
      action: 'send',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      status: 'success',
      message: `An OTP has been sent to ${email}.`,
    });
    const mail = smtp.takeMail(email);
    expect(mail.subject).toBe('Your Kitroom verification code');
    expect(mail.from).toBe('no-reply@kitroom.in');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain('Kitroom');
    expect(mail.html).toContain(code);

    // The code is stored hashed, for 10 minutes.
    const row = await otpRow(email);
    expect(row?.codeHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(10 * 60_000);

    // 2. The OTP screen: a new address is told to register; no session yet.
    const verified = await b.post('/api/otpprocess.php', { email: typedEmail, otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: OTP_VERIFIED_MESSAGE });
    expect(b.cookie).toBeUndefined();

    // 3. The details form: the account is created and logged in.
    const signup = await b.post('/api/signup.php', {
      name: ' Asha Menon ',
      email: typedEmail,
      password: 'kerala-blue',
      mobile_number: '9876543210',
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const body = signup.json();
    expect(body).toEqual({
      success: true,
      email,
      user_id: expect.any(Number),
      session_id: expect.any(String),
    });
    const cookie = signup.cookies.find((c) => c.name === 'access');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
    });
    // Plain-http localhost: not Secure, or the browser would drop it.
    expect(cookie?.secure).toBeUndefined();
    // The client's session_id is not the credential.
    expect(body.session_id).not.toBe(cookie?.value);
    expect(cookie?.value).toHaveLength(43);

    const [user] = await t.db.select().from(users).where(eq(users.id, body.user_id));
    expect(user).toMatchObject({ name: 'Asha Menon', email, phoneNumber: '9876543210' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain('kerala-blue');
    // The session is stored only as the hash of its id; the verification is used up.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, body.user_id));
    expect(stored.map((s) => s.idHash)).toEqual([sha256(cookie!.value)]);
    expect(await otpRow(email)).toBeUndefined();

    // 4. The guard's session check, the profile, the address.
    const check = await b.post('/api/check_session.php', { session_id: body.session_id });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ user_id: body.user_id, session_id: body.session_id });

    const profile = await b.post('/api/profile.php', { id: body.user_id });
    expect(profile.json()).toEqual({
      user: {
        id: body.user_id,
        name: 'Asha Menon',
        email,
        phone_number: '9876543210',
        shipping_address: null,
      },
    });
    expect((await b.post('/api/shipping_address.php', { user_id: body.user_id })).json()).toEqual({
      address: null,
    });
    const address = shippingAddressInput();
    const saved = await b.post('/api/address.php', {
      user_id: String(body.user_id),
      shipping_address: { ...address, city: '  Kozhikode ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true });
    expect((await b.post('/api/shipping_address.php', { user_id: body.user_id })).json()).toEqual({
      address,
    });
    expect((await b.post('/api/profile.php', { id: body.user_id })).json().user).toMatchObject({
      shipping_address: address,
    });

    // 5. Log out: the session is gone on the server and the cookie cleared.
    const oldCookie = b.cookie!;
    const out = await b.post('/api/session_destroy.php');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: SESSION_DESTROYED_MESSAGE });
    expect(b.cookie).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, body.user_id))).toEqual([]);
    // Even a client that kept the old cookie is out.
    const replay = testBrowser(t.app);
    replay.cookie = oldCookie;
    const after = await replay.post('/api/check_session.php', { session_id: body.session_id });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: SESSION_ENDED });
    expect((await replay.post('/api/profile.php', { id: body.user_id })).statusCode).toBe(401);

    // 6. Log in again by password: a new session id.
    const login = await b.post('/api/login_verification.php', {
      email: typedEmail,
      password: 'kerala-blue',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      email,
      user_id: body.user_id,
      session_id: expect.any(String),
    });
    expect(b.cookie).toBeDefined();
    expect(b.cookie).not.toBe(oldCookie);
    expect(login.json().session_id).not.toBe(body.session_id);
    expect((await b.post('/api/profile.php', { id: body.user_id })).statusCode).toBe(200);
  });
});

describe('login_verification.php', () => {
  it('returns one error for an unknown address and a wrong password', async () => {
    const email = newEmail();
    await createUser(t.db, { email, password: 'right-password' });
    const wrong = await browser().post('/api/login_verification.php', {
      email,
      password: 'wrong-password',
    });
    const unknown = await browser().post('/api/login_verification.php', {
      email: newEmail(),
      password: 'right-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: LOGIN_FAILED });
    expect(unknown.json()).toEqual({ error: LOGIN_FAILED });
    expect(wrong.cookies).toEqual([]);
  });

  it('takes about as long for an unknown address as for a wrong password', async () => {
    const email = newEmail();
    await createUser(t.db, { email, password: 'right-password' });
    const time = async (body: object) => {
      const started = performance.now();
      await browser().post('/api/login_verification.php', body);
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await time({ email, password: `wrong-${i}` }));
      unknown.push(await time({ email: newEmail(), password: `wrong-${i}` }));
    }
    // Without the dummy verification an unknown address responds in about 1 ms against ~40.
    // Medians of interleaved tries: a machine busy with other work slows both alike, where
    // the fastest of a few tries could be one lucky moment.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('refuses a user without a usable password and checks both fields', async () => {
    const email = newEmail();
    await createUser(t.db, { email });
    const res = await browser().post('/api/login_verification.php', { email, password: '!' });
    expect(res.statusCode).toBe(401);
    const blank = await browser().post('/api/login_verification.php', { email, password: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('password is required');
    const bad = await browser().post('/api/login_verification.php', {
      email: 'not-an-email',
      password: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('email');
  });

  it('ends the session the browser came with and starts a new one', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'right-password' });
    const b = browser();
    await b.post('/api/login_verification.php', { email, password: 'right-password' });
    const first = b.cookie!;
    await b.post('/api/login_verification.php', { email, password: 'right-password' });
    expect(b.cookie).not.toBe(first);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows.map((r) => r.idHash)).toEqual([sha256(b.cookie!)]);
  });
});

describe('forgot password: an existing user logs in by code', () => {
  it('returns email, user_code and session_id with the session cookie', async () => {
    const email = newEmail();
    const { id } = await createUser(t.db, { email, password: 'forgotten' });
    const b = browser();
    const code = await sendCode(b, email.toUpperCase());
    const res = await b.post('/api/otpprocess.php', { email, otp: code });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ email, user_code: id, session_id: expect.any(String) });
    expect(b.cookie).toBeDefined();
    expect(res.cookies.find((c) => c.name === 'access')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    const check = await b.post('/api/check_session.php', { session_id: body.session_id });
    expect(check.json()).toEqual({ user_id: id, session_id: body.session_id });

    // The code works once.
    expect(await otpRow(email)).toBeUndefined();
    const again = await browser().post('/api/otpprocess.php', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVALID_OTP });
  });
});

describe('otpprocess.php', () => {
  const wrongCodeFor = (code: string) => (code === '000000' ? '000001' : '000000');

  it('returns the web app error for a wrong code and counts it', async () => {
    const email = newEmail();
    const b = browser();
    const code = await sendCode(b, email);
    const res = await b.post('/api/otpprocess.php', { email, otp: wrongCodeFor(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INVALID_OTP });
    expect((await otpRow(email))?.attempts).toBe(1);
    // The right code still works afterwards.
    const ok = await b.post('/api/otpprocess.php', { email, otp: code });
    expect(ok.json()).toEqual({ message: OTP_VERIFIED_MESSAGE });
  });

  it('voids the code after 5 wrong ones: the 6th try fails even when right', async () => {
    const email = newEmail();
    const b = browser();
    const code = await sendCode(b, email);
    for (let i = 0; i < 5; i++) {
      const res = await b.post('/api/otpprocess.php', { email, otp: wrongCodeFor(code) });
      expect(res.json()).toEqual({ error: INVALID_OTP });
    }
    const sixth = await b.post('/api/otpprocess.php', { email, otp: code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'Too many wrong codes. Please ask for a new OTP.' });
    expect(await grantsOf(email)).toEqual([]);

    // A new code (after the minute) starts again.
    await ageCode(email, 61);
    const fresh = await sendCode(b, email, 'resend');
    expect((await b.post('/api/otpprocess.php', { email, otp: fresh })).json()).toEqual({
      message: OTP_VERIFIED_MESSAGE,
    });
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    const b = browser();
    const code = await sendCode(b, email);
    await ageCode(email, 10 * 60);
    const res = await b.post('/api/otpprocess.php', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This OTP has expired. Please ask for a new one.' });
  });

  it('accepts a code just inside its 10 minutes', async () => {
    const email = newEmail();
    const b = browser();
    const code = await sendCode(b, email);
    await ageCode(email, 10 * 60 - 5);
    expect((await b.post('/api/otpprocess.php', { email, otp: code })).statusCode).toBe(200);
  });

  it('returns the same error when no code was sent', async () => {
    const res = await browser().post('/api/otpprocess.php', { email: newEmail(), otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INVALID_OTP });
  });

  it('checks the code format', async () => {
    const res = await browser().post('/api/otpprocess.php', { email: newEmail(), otp: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('otp must be 6 digits');
  });
});

describe('send_email.php', () => {
  it('refuses a resend within 60 s and replaces the code after', async () => {
    const email = newEmail();
    const b = browser();
    const first = await sendCode(b, email);
    const early = await b.post('/api/PHPMailer/send_email.php', { email, action: 'resend' });
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatch(
      /^Please wait (59|60) seconds before asking for a new OTP\.$/,
    );
    expect(smtp.mails.filter((m) => m.to.includes(email))).toEqual([]);

    await ageCode(email, 61);
    const resent = await b.post('/api/PHPMailer/send_email.php', { email, action: 'resend' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      status: 'success',
      message: `A new OTP has been sent to ${email}.`,
    });
    const second = smtp.takeCode(email);
    expect((await otpRow(email))?.attempts).toBe(0);
    if (second !== first) {
      const old = await b.post('/api/otpprocess.php', { email, otp: first });
      expect(old.json()).toEqual({ error: INVALID_OTP });
    }
    const ok = await b.post('/api/otpprocess.php', { email, otp: second });
    expect(ok.json()).toEqual({ message: OTP_VERIFIED_MESSAGE });
  });

  it('responds 503 when the mail server refuses, and lets the address ask again at once', async () => {
    const email = newEmail();
    const b = browser();
    smtp.refuseNext();
    const res = await b.post('/api/PHPMailer/send_email.php', { email, action: 'send' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'We could not send the email just now. Please try again.',
    });
    expect(await otpRow(email)).toBeUndefined();
    const code = await sendCode(b, email, 'resend');
    expect((await b.post('/api/otpprocess.php', { email, otp: code })).statusCode).toBe(200);
  });

  it('checks the address and the action', async () => {
    const noEmail = await browser().post('/api/PHPMailer/send_email.php', { action: 'send' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toContain('email is required');
    const badAction = await browser().post('/api/PHPMailer/send_email.php', {
      email: newEmail(),
      action: 'spam',
    });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().error).toContain('action');
  });
});

describe('signup.php', () => {
  const details = (email: string) => ({
    name: 'Asha Menon',
    email,
    password: 'secret-pass',
    mobile_number: '9876543210',
  });

  it('refuses an address whose code was not verified', async () => {
    const email = newEmail();
    const b = browser();
    const res = await b.post('/api/signup.php', details(email));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('verify your email');
    // A code that was sent but not entered does not count either.
    await sendCode(b, email);
    expect((await b.post('/api/signup.php', details(email))).statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('registers only in the browser that entered the code, once', async () => {
    const email = newEmail();
    const asha = browser();
    const code = await sendCode(asha, email);
    const verified = await asha.post('/api/otpprocess.php', { email, otp: code });
    expect(verified.json()).toEqual({ message: OTP_VERIFIED_MESSAGE });
    const grantCookie = verified.cookies.find((c) => c.name === 'otp_grant');
    expect(grantCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(grantCookie?.maxAge).toBe(15 * 60);
    // Stored only as its hash.
    const [grant] = await grantsOf(email);
    expect(grant).toMatchObject({ tokenHash: sha256(grantCookie!.value), purpose: 'signup' });

    // Someone else who knows the address, within the 15 minutes, is refused and changes nothing.
    const attacker = browser();
    const stolen = await attacker.post('/api/signup.php', {
      ...details(email),
      password: 'attacker-pass',
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({ error: VERIFY_BEFORE_REGISTERING });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    // The rightful browser registers, and its grant is used up (the cookie cleared too).
    const signup = await asha.post('/api/signup.php', details(email));
    expect(signup.statusCode, signup.body).toBe(200);
    expect(asha.cookies.has('otp_grant')).toBe(false);
    expect(await grantsOf(email)).toEqual([]);

    // The token cannot be used twice, even by a client that kept it.
    const replay = browser();
    replay.cookies.set('otp_grant', grantCookie!.value);
    const again = await replay.post('/api/signup.php', { ...details(email), password: 'other-1' });
    expect(again.statusCode).toBe(403);
    // The real person's password is the one that works.
    const login = await browser().post('/api/login_verification.php', {
      email,
      password: 'secret-pass',
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses another address's grant", async () => {
    const mine = newEmail();
    const b = browser();
    const code = await sendCode(b, mine);
    await b.post('/api/otpprocess.php', { email: mine, otp: code });
    const other = newEmail();
    const res = await b.post('/api/signup.php', details(other));
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, other))).toEqual([]);
    expect(await grantsOf(mine)).toHaveLength(1);
  });

  it('checks the grant before hashing the password', async () => {
    // Every hashing slot and queue place taken: a signup that hashed first would hear "busy".
    const load = Array.from({ length: HASHING_SLOTS + HASHING_QUEUE }, (_, i) =>
      hashSecret(`load-${i}`),
    );
    const res = await browser().post('/api/signup.php', details(newEmail()));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: VERIFY_BEFORE_REGISTERING });
    await Promise.all(load);
  });

  it('limits signups per address and per IP', async () => {
    const email = newEmail();
    const b = browser();
    for (let i = 0; i < t.config.rateLimits.signupPerEmail; i++) {
      expect((await browser().post('/api/signup.php', details(email))).statusCode).toBe(403);
    }
    const limited = await b.post('/api/signup.php', details(email));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many registration attempts\. Please try again in/);
    expect(limited.headers['retry-after']).toBeDefined();

    const flood = browser();
    for (let i = 0; i < t.config.rateLimits.signupPerIp; i++) {
      expect((await flood.post('/api/signup.php', details(newEmail()))).statusCode).toBe(403);
    }
    expect((await flood.post('/api/signup.php', details(newEmail()))).statusCode).toBe(429);
  });

  it('refuses a verification older than 15 minutes', async () => {
    const email = newEmail();
    const b = browser();
    const code = await sendCode(b, email);
    await b.post('/api/otpprocess.php', { email, otp: code });
    await ageGrants(email, 15 * 60 + 1);
    expect((await b.post('/api/signup.php', details(email))).statusCode).toBe(403);
  });

  it('refuses an address that has an account', async () => {
    const email = newEmail();
    await register(browser(), email);
    // Even with a live signup grant in this browser, the address is taken.
    const b = browser();
    b.cookies.set('otp_grant', 'a-granted-token');
    await t.db.insert(otpGrants).values({
      tokenHash: sha256('a-granted-token'),
      email,
      purpose: 'signup',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await b.post('/api/signup.php', details(email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'An account with this email already exists. Please log in.',
    });
  });

  it('checks the details: name, password of 6, mobile of 10 digits', async () => {
    const cases: [object, string][] = [
      [{ password: '12345' }, 'password must be at least 6 characters'],
      [{ mobile_number: '987654321' }, 'mobile_number must be exactly 10 digits'],
      [{ mobile_number: '98765432101' }, 'mobile_number must be exactly 10 digits'],
      [{ name: '   ' }, 'name is required'],
    ];
    for (const [change, message] of cases) {
      const res = await browser().post('/api/signup.php', { ...details(newEmail()), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });

  it('accepts a password of exactly 6', async () => {
    const email = newEmail();
    const body = await register(browser(), email, '123456');
    expect(body.email).toBe(email);
  });
});

describe('sessions', () => {
  it('a session_id without the cookie authenticates nothing', async () => {
    const email = newEmail();
    const b = browser();
    const { session_id, user_id } = await register(b, email);
    const stranger = browser();
    const res = await stranger.post('/api/check_session.php', { session_id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: SESSION_ENDED });
    // Nor does the session_id sent as if it were the cookie.
    stranger.cookie = session_id;
    expect((await stranger.post('/api/profile.php', { id: user_id })).statusCode).toBe(401);
  });

  it('the cookie with another session_id fails the check', async () => {
    const b = browser();
    await register(b, newEmail());
    const other = await register(browser(), newEmail());
    const res = await b.post('/api/check_session.php', { session_id: other.session_id });
    expect(res.statusCode).toBe(401);
  });

  it('an expired session is no session', async () => {
    const b = browser();
    const { session_id, user_id } = await register(b, newEmail());
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user_id));
    expect((await b.post('/api/check_session.php', { session_id })).statusCode).toBe(401);
    expect((await b.post('/api/profile.php', { id: user_id })).statusCode).toBe(401);
  });

  it('logout without a session still responds and clears the cookie', async () => {
    const res = await browser().post('/api/session_destroy.php');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SESSION_DESTROYED_MESSAGE });
    expect(res.cookies.find((c) => c.name === 'access')?.value).toBe('');
  });

  it('sets Secure except on plain-http localhost', () => {
    expect(sessionCookieOptions('http://localhost:3000').secure).toBe(false);
    expect(sessionCookieOptions('http://127.0.0.1:3000').secure).toBe(false);
    expect(sessionCookieOptions('https://kitroom.in').secure).toBe(true);
    expect(sessionCookieOptions('http://192.168.1.20:3000').secure).toBe(true);
    expect(sessionCookieOptions('https://localhost:3000').secure).toBe(true);
  });
});

describe('address.php', () => {
  it('applies the address rules', async () => {
    const b = browser();
    const { user_id } = await register(b, newEmail());
    const cases: [object, string][] = [
      [{ pincode: '67300' }, 'pincode must be exactly 6 digits'],
      [{ pincode: '67300a' }, 'pincode must be exactly 6 digits'],
      [{ phone: '987654321' }, 'phone must be exactly 10 digits'],
      [{ city: ' ' }, 'city is required'],
      [{ first_name: '' }, 'first_name is required'],
      [{ state: 'Atlantis' }, 'state must be one of the Indian states and territories'],
      [{ pincode: '110001' }, 'Pincode 110001 is in Delhi, not Kerala.'],
      [{ pincode: '999999' }, 'Pincode 999999 is not an Indian pincode. Please check it.'],
      [{ state: 'Karnataka' }, 'Pincode 673001 is in Kerala, not Karnataka.'],
    ];
    for (const [change, message] of cases) {
      const res = await b.post('/api/address.php', {
        user_id,
        shipping_address: { ...shippingAddressInput(), ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const missing = await b.post('/api/address.php', {
      user_id,
      shipping_address: { first_name: 'Asha' },
    });
    expect(missing.statusCode).toBe(400);
    expect(
      await t.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, user_id)),
    ).toEqual([]);
  });

  it('replaces the saved address', async () => {
    const b = browser();
    const { user_id } = await register(b, newEmail());
    await b.post('/api/address.php', { user_id, shipping_address: shippingAddressInput() });
    const moved = shippingAddressInput({
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    });
    const saved = await b.post('/api/address.php', { user_id, shipping_address: moved });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await b.post('/api/shipping_address.php', { user_id })).json()).toEqual({
      address: moved,
    });
  });
});
