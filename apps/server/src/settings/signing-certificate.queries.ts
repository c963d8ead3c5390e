// The shop's signing certificate: one row (id 1) or none.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { signingCertificate } from '../db/index.js';

export type CertificateRow = typeof signingCertificate.$inferSelect;
export type CertificateWrite = Omit<CertificateRow, 'id' | 'uploadedAt'>;

export async function readCertificate(db: Queryable): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(signingCertificate).where(eq(signingCertificate.id, 1));
  return row;
}

/** Stores the certificate, replacing the one before; returns the row. */
export async function putCertificate(
  db: Queryable,
  write: CertificateWrite,
  at: Date,
): Promise<CertificateRow> {
  const values = { ...write, uploadedAt: at };
  const [row] = await db
    .insert(signingCertificate)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: signingCertificate.id, set: values })
    .returning();
  if (!row) throw new Error('signing_certificate: the upsert returned no row');
  return row;
}

/** Removes it; returns the row removed, if there was one. */
export async function deleteCertificate(db: Queryable): Promise<CertificateRow | undefined> {
  const [row] = await db.delete(signingCertificate).where(eq(signingCertificate.id, 1)).returning();
  return row;
}
