// Outgoing mail. With SMTP_URL: real SMTP through nodemailer. Without it, each message is
// written to the log and as an .eml file under DATA_DIR/outbox, so a fresh `npm start`
// needs no mail server and a developer can still read every code and confirmation.
import { addressLines, type ShopDetailsResponse } from '@kitroom/contract';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.js';

export const SHOP_NAME = 'Kitroom';
/** SMTP connections kept open at most; the outbox worker sends as many mails at once. */
export const SMTP_CONNECTIONS = 5;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, `<...@host>`; nodemailer makes one when absent. */
  messageId?: string;
  /** The Reply-To header: where a reply to this mail goes (the shop's support address). */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      // A few connections kept open and reused: the outbox worker sends mails several at a
      // time, and a new connection per mail waits for the server's greeting each time.
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // A request waits for its mail (the OTP call responds after sending), so fail fast.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(isPlainLoopback(opts.smtpUrl) ? { ignoreTLS: true } : {}),
    });
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await makePrivateDir(opts.outboxDir);
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // The subject and recipient only: bodies may hold one-time codes.
      opts.log.info(
        { to: m.to, subject: m.subject, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => undefined,
  };
}

/**
 * smtp:// to this machine (a local relay, or the test server): STARTTLS is skipped, since the
 * traffic never leaves the host and such servers rarely hold a certificate for 127.0.0.1.
 */
function isPlainLoopback(smtpUrl: string): boolean {
  try {
    const url = new URL(smtpUrl);
    return url.protocol === 'smtp:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** How to reach the shop, from its settings: the last paragraphs of a shopper's mail. */
export function shopContactParagraphs(shop: ShopDetailsResponse): string[] {
  return [
    `Questions? Write to ${shop.email} or call ${shop.phone}, ${shop.support_hours}.`,
    addressLines(shop).join(', '),
  ];
}

/** Escapes text for the HTML body of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A simple HTML mail body with the shop's name above the given paragraphs. */
export function htmlMail(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:520px;margin:auto;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${SHOP_NAME}</h1>${body}</body></html>`;
}
