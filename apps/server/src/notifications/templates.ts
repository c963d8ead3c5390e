// The mails the outbox knows. Each template renders its data (written when the event
// happened) into a subject, HTML and plain text.
export const MAIL_TEMPLATES = [
  /** Paid: the order is confirmed. */
  'order-confirmed',
  /** Paid after the hold ended and the stock was gone: canceled, refunded in full. */
  'order-paid-too-late',
  'order-shipped',
  'order-delivered',
  'order-canceled',
  'order-refunded',
  'return-decided',
  'exchange-shipped',
  /** Staff: orders waiting to be packed and shipped, each morning. */
  'staff-digest',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
