// Settings → Invoice signature (decision 069): the shop's PKCS#12 certificate that signs every
// invoice and credit note PDF. The owner sends the file (base64) and its password; the response
// shows what the certificate says, never the file or the password.
import { z } from 'zod';

/** A .p12/.pfx file is a few kilobytes; anything near this is not one. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;

export const UploadSigningCertificateRequest = z.strictObject({
  /** The .p12 or .pfx file, base64. */
  file: z
    .string({ error: 'attach the .p12 or .pfx file' })
    .min(1, { error: 'attach the .p12 or .pfx file' })
    .max(Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4, {
      error: `a certificate file is at most ${MAX_CERTIFICATE_BYTES / 1024} kB`,
    })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'send the file as base64' }),
  password: z
    .string({ error: "enter the certificate file's password" })
    .min(1, { error: "enter the certificate file's password" })
    .max(200, { error: 'at most 200 characters' }),
});
export type UploadSigningCertificateRequest = z.infer<typeof UploadSigningCertificateRequest>;

export const SigningCertificate = z.object({
  /** The subject's common name, as the signature box prints it. */
  subject_name: z.string(),
  /** The whole subject and issuer, 'CN=…, O=…, C=IN'. */
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  /** SHA-256 of the certificate, hex in pairs, to compare with the Certifying Authority's. */
  fingerprint: z.string(),
  uploaded_at: z.string(),
  /**
   * Why documents are not being signed with it now (expired, not yet valid, or the server's
   * key cannot open it); null while it signs.
   */
  problem: z.string().nullable(),
});
export type SigningCertificate = z.infer<typeof SigningCertificate>;

export const SigningCertificateResponse = z.object({
  certificate: SigningCertificate.nullable(),
  /** False in production without DOCUMENT_SIGNING_KEY: no certificate can be stored. */
  can_store: z.boolean(),
});
export type SigningCertificateResponse = z.infer<typeof SigningCertificateResponse>;
