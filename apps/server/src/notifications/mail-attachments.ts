// Files a mail carries. The outbox keeps a reference, not the bytes: a tax document is
// immutable, so the worker renders its PDF from the stored document when it sends, and a
// mail sent again after a crash carries the same file.
import { z } from 'zod';
import type { Queryable } from '../db/client.js';
import { documentFile } from '../tax/invoices.service.js';
import { MailDataError } from './templates.js';

/** What an outbox message's `attachments` field lists. */
export const MailAttachmentRef = z.object({
  kind: z.literal('tax-document'),
  document_id: z.number().int().positive(),
});
export type MailAttachmentRef = z.infer<typeof MailAttachmentRef>;

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const Refs = z.object({ attachments: z.array(MailAttachmentRef).optional() });

/** The files a message's data names; MailDataError when it names one that cannot be made. */
export async function attachmentsOf(db: Queryable, data: unknown): Promise<MailAttachment[]> {
  const parsed = Refs.safeParse(data);
  if (!parsed.success) throw new MailDataError('bad data: attachments are not readable');
  const files: MailAttachment[] = [];
  for (const ref of parsed.data.attachments ?? []) {
    const file = await documentFile(db, ref.document_id);
    if (!file) throw new MailDataError(`attachment: no tax document ${ref.document_id}`);
    files.push({ filename: file.fileName, content: file.pdf, contentType: 'application/pdf' });
  }
  return files;
}
