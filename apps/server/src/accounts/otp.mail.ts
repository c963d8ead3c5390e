// The one-time code mail. The code is in the body only: the subject is logged and shown in
// notification previews.
import { htmlMail, SHOP_NAME, type MailMessage } from '../mail/index.js';

/** The mail carrying a sign-in / registration code, valid for `validMinutes`. */
export function otpMail(to: string, code: string, validMinutes: number): MailMessage {
  const paragraphs = [
    'Hello,',
    `Your ${SHOP_NAME} verification code is:`,
    code,
    `Enter it on the ${SHOP_NAME} page where you asked for it. The code works once and expires in ${validMinutes} minutes.`,
    `If you did not ask for a code, you can ignore this email: nobody can sign in to ${SHOP_NAME} with your address without it.`,
    `— The ${SHOP_NAME} team`,
  ];
  return {
    to,
    subject: `Your ${SHOP_NAME} verification code`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: htmlMail(paragraphs),
  };
}
