// The invoice-signing certificate (decision 069): the owner's alone (settings.manage), as the
// rest of Settings.
import type { AdminEndpoint } from './endpoint.js';
import {
  SigningCertificateResponse,
  UploadSigningCertificateRequest,
} from './signing-certificate.js';

export const signingCertificateEndpoints = {
  getSigningCertificate: {
    method: 'GET',
    path: '/api/admin/settings/signing-certificate',
    summary: 'The certificate that signs invoices and credit notes: its names and dates',
    access: 'settings.manage',
    response: SigningCertificateResponse,
  },
  uploadSigningCertificate: {
    method: 'POST',
    path: '/api/admin/settings/signing-certificate',
    summary: 'Sets or replaces the certificate (a PKCS#12 file and its password); audited',
    access: 'settings.manage',
    body: UploadSigningCertificateRequest,
    response: SigningCertificateResponse,
  },
  removeSigningCertificate: {
    method: 'DELETE',
    path: '/api/admin/settings/signing-certificate',
    summary: 'Removes the certificate: documents are no longer signed; audited',
    access: 'settings.manage',
    response: SigningCertificateResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
