// A registered, logged-in shopper for journeys: signs up through the real OTP flow (the
// code is read from the journeys' SMTP server) and leaves the session cookie in the browser
// context and userData in localStorage, as the login page of the shop does.
import type { Page } from '@playwright/test';
import type { SignupResponse } from '@kitroom/contract';
import { otpFor } from './mailbox';

export interface Shopper {
  email: string;
  userId: number;
  sessionId: string;
}

export async function signUp(page: Page): Promise<Shopper> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const api = page.request;
  const send = await api.post('/api/PHPMailer/send_email.php', { data: { email, action: 'send' } });
  if (!send.ok())
    throw new Error(`send_email.php responded ${send.status()}: ${await send.text()}`);
  const otp = await api.post('/api/otpprocess.php', { data: { email, otp: await otpFor(email) } });
  if (!otp.ok()) throw new Error(`otpprocess.php responded ${otp.status()}: ${await otp.text()}`);
  const signup = await api.post('/api/signup.php', {
    data: { name: 'Journey Shopper', email, password: 'kitroom-e2e', mobile_number: '9876543210' },
  });
  if (!signup.ok())
    throw new Error(`signup.php responded ${signup.status()}: ${await signup.text()}`);
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
