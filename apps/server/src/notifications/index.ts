// notifications/: what other folders may use (decision 077). Inside notifications/, import the file itself.
export { type MailContent, type RenderedMail } from './mail-content.js';
export { formatDayShort, formatIndianDateTime } from './mail-format.js';
export { mailTemplate, MailTemplates, type RenderContext } from './mail-template.js';
export { addressLine, enqueueOrderMail } from './order-mail-data.js';
export {
  createOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker.js';
export { enqueue } from './outbox.service.js';
export { NOTIFICATION_TEMPLATES } from './templates.js';
export { cloudApiSender } from './whatsapp-cloud-api.js';
export { whatsappMessage, type WhatsAppTemplate } from './whatsapp-templates.js';
export { whatsappRoutes } from './whatsapp.routes.js';
export {
  choiceOf,
  enqueueShopperWhatsApp,
  failedLastDay,
  orderWhatsAppMessages,
  recordOptIn,
} from './whatsapp.service.js';
