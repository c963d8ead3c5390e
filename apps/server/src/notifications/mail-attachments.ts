// Files a mail carries. The outbox keeps a reference, not the bytes: a tax document is
// immutable, so the worker renders its PDF from the stored document when it sends, and a
// mail sent again after a crash carries the same file. The worker is handed how to make a
// tax document's file (tax/invoices.service.ts's documentFile, in src/outbox.ts).
import { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { MailDataError } from './mail-template.js';

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

/** A stored tax document as a PDF file; null when there is none. */
export type TaxDocumentFile = (
  db: Queryable,
  documentId: number,
) => Promise<{ fileName: string; pdf: Buffer } | null>;

/** The files a message's data names; MailDataError when it names one that cannot be made. */
export async function attachmentsOf(
  db: Queryable,
  data: unknown,
  documentFile: TaxDocumentFile,
): Promise<MailAttachment[]> {
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
