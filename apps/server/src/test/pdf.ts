// A PDF's text as a reader's copy-and-paste would give it (pdftotext from poppler-utils, with
// its layout kept), for tests of the packing slips and tax documents.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-pdf-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return (await run('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-'])).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
