// Writes a self-signed test certificate (.p12, password TEST_CERTIFICATE_PASSWORD) for the
// invoice-signature journey to upload as the owner would a Certifying Authority's file.
// Usage: tsx apps/server/src/test/test-certificate-cli.ts <file.p12>
import { writeFileSync } from 'node:fs';
import { testCertificate } from './certificates.js';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: test-certificate-cli.ts <file.p12>');
  process.exit(2);
}
writeFileSync(file, testCertificate());
