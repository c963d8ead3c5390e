// The journeys' mail server: a local SMTP server (smtp-server, parsed with mailparser) that
// the shop sends its real mail to (SMTP_URL). Started by global-setup.ts in the runner's
// process; each mail is written as JSON to E2E_MAIL_DIR, where the test workers read it.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** Epoch ms when the mail arrived. */
  receivedAt: number;
}

export interface MailCatcher {
  url: string;
  close(): Promise<void>;
}

/** Starts the SMTP server; every accepted mail lands in `dir` before the sender hears OK. */
export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        async (parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: Date.now(),
          };
          count += 1;
          const name = `${String(mail.receivedAt)}-${String(count).padStart(5, '0')}.json`;
          // Written aside, then renamed: a journey reading the folder meanwhile never finds a
          // mail half written (a JSON parse error, seen once in CI's back-in-stock journey).
          const aside = path.join(dir, `.${name}.tmp`);
          await writeFile(aside, JSON.stringify(mail));
          await rename(aside, path.join(dir, name));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const listening = server.listen(0, '127.0.0.1', () => {
      const address = listening.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('the SMTP server has no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return dir;
}

/** The newest mail to `email` that arrived at or after `since` (waits up to 10 s for it). */
export async function latestMail(email: string, since = 0): Promise<CaughtMail> {
  const dir = mailDir();
  const address = email.toLowerCase();
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CaughtMail;
      if (mail.receivedAt < since) break;
      if (mail.to.includes(address)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email} in ${dir}`);
}

/** The 6-digit code of the newest mail to `email` since `since`. */
export async function otpFor(email: string, since = 0): Promise<string> {
  const mail = await latestMail(email, since);
  const code = /code is:\s*(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}: ${mail.text}`);
  return code;
}
