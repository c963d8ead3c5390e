// A local SMTP server for tests: the app sends real mail over SMTP (SMTP_URL), the test reads
// it back here. The server accepts a message only once it is parsed, and the app responds only
// once the server accepted it, so a mail is here by the time its request has responded.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The Reply-To header's address, '' when none. */
  replyTo: string;
  /** Every header as sent, by its lower-cased name (the first of a repeated one). */
  headers: Record<string, string>;
}

export interface SmtpCatcher {
  /** The SMTP_URL to give the app. */
  url: string;
  /** Every mail received, oldest first. */
  mails: CaughtMail[];
  /** Removes and returns the oldest mail to the address; throws when there is none. */
  takeMail(to: string): CaughtMail;
  /** The 6-digit code in the oldest mail to the address (which is removed). */
  takeCode(to: string): string;
  /** The next message is refused (550), as a failing mail server would. */
  refuseNext(): void;
  /** While on, every message is refused (451, try again later), as a server in trouble does. */
  refuseAll(on: boolean): void;
  /**
   * Each message (or each whose subject `matches`) is responded to this long after it arrived
   * (a slow server).
   */
  respondAfter(ms: number, matches?: RegExp): void;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refuse = false;
  let refuseAll = false;
  let respondAfterMs = 0;
  let slowSubjects: RegExp | undefined;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      if (refuseAll) {
        stream.on('end', () =>
          callback(
            Object.assign(new Error('Service busy, try again later'), { responseCode: 451 }),
          ),
        );
        stream.resume();
        return;
      }
      if (refuse) {
        refuse = false;
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
        );
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        async (parsed) => {
          if (respondAfterMs > 0 && (!slowSubjects || slowSubjects.test(parsed.subject ?? '')))
            await new Promise((r) => setTimeout(r, respondAfterMs));
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from:
              typeof session.envelope.mailFrom === 'object'
                ? session.envelope.mailFrom.address
                : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            replyTo: parsed.replyTo?.value[0]?.address ?? '',
            headers: Object.fromEntries(
              [...parsed.headerLines].reverse().map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n(?=[ \t])/g, '')
                  .trim(),
              ]),
            ),
          });
          callback();
        },
        (err: Error) => callback(err),
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

  const takeMail = (to: string): CaughtMail => {
    const index = mails.findIndex((m) => m.to.includes(to.toLowerCase()));
    const [mail] = index === -1 ? [] : mails.splice(index, 1);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    takeMail,
    takeCode(to) {
      const code = /\b(\d{6})\b/.exec(takeMail(to).text)?.[1];
      if (!code) throw new Error(`no code in the mail to ${to}`);
      return code;
    },
    refuseNext() {
      refuse = true;
    },
    refuseAll(on) {
      refuseAll = on;
    },
    respondAfter(ms, matches) {
      respondAfterMs = ms;
      slowSubjects = matches;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
