// mail/: what other folders may use (decision 077). Inside mail/, import the file itself.
export {
  createMailer,
  escapeHtml,
  htmlMail,
  type Mailer,
  type MailMessage,
  SHOP_NAME,
  shopContactParagraphs,
  SMTP_CONNECTIONS,
} from './mailer.js';
