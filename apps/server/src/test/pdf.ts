// A PDF's text as a reader's copy-and-paste would give it (pdftotext from poppler-utils, with
// its layout kept), for tests of the packing slips and tax documents.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

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

/**
 * The text of the QR code on a PDF's first page, read as a phone would from the page drawn at
 * 200 dpi (pdftoppm, then jsQR); null when there is none it can read.
 */
export async function pdfQrCode(pdf: Buffer): Promise<string | null> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-qr-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      '200',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      path.join(dir, 'doc.pdf'),
      path.join(dir, 'page'),
    ]);
    const { data, info } = await sharp(path.join(dir, 'page.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    return code?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
