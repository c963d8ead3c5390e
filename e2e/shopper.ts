// A registered, logged-in shopper for journeys: signs up through the real OTP flow (the
// code is read from the server's mail outbox) and leaves the session cookie in the browser
// context and userData in localStorage, as the login page of the shop does.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SignupResponse } from '@kitroom/contract';

export interface Shopper {
  email: string;
  userId: number;
  sessionId: string;
}

async function otpFor(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!raw.includes(email)) continue;
      const code = /code is:[\s\S]{0,40}?\b(\d{6})\b/.exec(raw.replace(/=\r?\n/g, ''));
      if (code) return code[1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification code for ${email} in ${outbox}`);
}

export async function signUp(page: Page): Promise<Shopper> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const api = page.request;
  const send = await api.post('/api/PHPMailer/send_email.php', { data: { email, action: 'send' } });
  if (!send.ok()) throw new Error(`send_email.php answered ${send.status()}: ${await send.text()}`);
  const otp = await api.post('/api/otpprocess.php', { data: { email, otp: await otpFor(email) } });
  if (!otp.ok()) throw new Error(`otpprocess.php answered ${otp.status()}: ${await otp.text()}`);
  const signup = await api.post('/api/signup.php', {
    data: { name: 'Journey Shopper', email, password: 'kitroom-e2e', mobile_number: '9876543210' },
  });
  if (!signup.ok())
    throw new Error(`signup.php answered ${signup.status()}: ${await signup.text()}`);
  const body = (await signup.json()) as SignupResponse;
  const shopper = { email: body.email, userId: body.user_id, sessionId: body.session_id };
  await page.addInitScript((s) => {
    if (window.top === window) {
      localStorage.setItem(
        'userData',
        JSON.stringify({ email: s.email, user_code: s.userId, session_id: s.sessionId }),
      );
    }
  }, shopper);
  return shopper;
}
