// The shop's outbox as the server runs it: every domain's mail templates, registered here by
// name, and the worker wired to what its mails read from other domains (the shop's details
// for the footers, tax documents for attachments). notifications/ knows none of them; a
// template missing here is a mail the worker marks dead (outbox.test.ts lists every defined
// template and checks it is here).
import { accountErased } from './privacy/index.js';
import { backInStock, backInStockConfirm } from './back-in-stock/index.js';
import { giveawayWon } from './giveaways/index.js';
import { launchDropped } from './launches/index.js';
import { cartReminder } from './recovery/index.js';
import {
  MailTemplates,
  type RenderContext,
  createOutboxWorker as outboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
  NOTIFICATION_TEMPLATES,
} from './notifications/index.js';
import type { RenderedMail } from './notifications/index.js';
import { shopDetails } from './settings/index.js';
import { staffInvitation } from './staff/index.js';
import { documentFile } from './tax/index.js';
import { wholesaleDecided } from './wholesale/index.js';

const ALL = [
  ...NOTIFICATION_TEMPLATES,
  accountErased,
  backInStock,
  backInStockConfirm,
  wholesaleDecided,
  giveawayWon,
  staffInvitation,
  cartReminder,
  launchDropped,
] as const;

export const mailTemplates = new MailTemplates(ALL);

/** Every template's name. */
export const MAIL_TEMPLATES = mailTemplates.names;
export type MailTemplate = (typeof ALL)[number]['name'];

/** Renders a message as the worker does; MailDataError for an unknown template or bad data. */
export function renderTemplate(template: string, data: unknown, ctx: RenderContext): RenderedMail {
  return mailTemplates.render(template, data, ctx);
}

/**
 * The outbox worker with every template, the shop's settings and its tax documents (signed
 * with the certificate that `signingKey` opens, decision 069).
 */
export function createOutboxWorker({
  signingKey,
  ...o
}: Omit<OutboxWorkerOptions, 'templates' | 'shopDetails' | 'taxDocumentFile'> & {
  signingKey: Buffer | null;
}): OutboxWorker {
  return outboxWorker({
    ...o,
    templates: mailTemplates,
    shopDetails: async (db) => (await shopDetails(db)).response,
    taxDocumentFile: (db, documentId) => documentFile(db, signingKey, documentId),
  });
}
