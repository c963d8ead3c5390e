// Without SMTP_URL the OTP mail goes to the outbox folder and the log names only its recipient
// and subject; no password, code, session id or cookie ever reaches the log, at any level.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBrowser } from '../test/browser.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(() => t?.close());

async function outboxCode(email: string): Promise<string> {
  const dir = path.join(t.config.dataDir, 'outbox');
  for (const file of await readdir(dir)) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((a) => a.text.includes(email))) {
      expect(mail.subject).toBe('Your Kitroom verification code');
      expect(mail.html).toContain('Kitroom');
      return /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '';
    }
  }
  throw new Error(`no mail to ${email} in the outbox`);
}

describe('logs and the outbox', () => {
  it('registers from the outbox mail and logs no secret', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const password = 'very-secret-password';
    const b = testBrowser(t.app);

    expect(
      (await b.post('/api/PHPMailer/send_email.php', { email, action: 'send' })).statusCode,
    ).toBe(200);
    const code = await outboxCode(email);
    expect(code).toMatch(/^\d{6}$/);
    await b.post('/api/otpprocess.php', { email, otp: code });
    const signup = await b.post('/api/signup.php', {
      name: 'Outbox Reader',
      email,
      password,
      mobile_number: '9876543210',
    });
    expect(signup.statusCode).toBe(200);
    const firstCookie = b.cookie!;
    await b.post('/api/login_verification.php', { email, password: 'a-wrong-password' });
    const login = await b.post('/api/login_verification.php', { email, password });
    const { session_id } = login.json();
    await b.post('/api/check_session.php', { session_id });
    await b.post('/api/session_destroy.php');

    const mailLine = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.includes('outbox'));
    expect(mailLine).toMatchObject({ to: email, subject: 'Your Kitroom verification code' });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [password, 'a-wrong-password', code, firstCookie, session_id]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts secrets that code puts into a log line', () => {
    t.app.log.info(
      {
        body: { password: 'pw-in-body', otp: '987654', session_id: 'sid-in-body' },
        request: { body: { password: 'pw-nested' } },
      },
      'a careless log line',
    );
    const line = JSON.parse(lines.at(-1) ?? '{}');
    expect(line.body).toEqual({
      password: '[redacted]',
      otp: '[redacted]',
      session_id: '[redacted]',
    });
    expect(line.request.body.password).toBe('[redacted]');
  });
});
