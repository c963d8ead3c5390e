// The packing slip's PDF read back as text (pdftotext): a long order runs onto a second page
// that says it continues, and a letter the standard fonts cannot write is a '?' rather than a
// wrong letter.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { printable } from '../pdf-text.js';
import { renderPackingSlips, type PackingSlip } from './packing-slip.js';

const run = promisify(execFile);

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-slip-'));
  try {
    writeFileSync(path.join(dir, 'slip.pdf'), pdf);
    return (await run('pdftotext', ['-layout', path.join(dir, 'slip.pdf'), '-'])).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const shop = {
  name: 'Kitroom Sportswear',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673004',
  phone: '+91 495 272 1100',
};

const slip = (o: Partial<PackingSlip> = {}): PackingSlip => ({
  orderId: 77,
  placedAt: new Date('2026-11-24T18:45:00Z'),
  paidAt: new Date('2026-11-24T18:47:00Z'),
  shipTo: {
    name: 'Asha Menon',
    street: '12 Beach Road',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682001',
    phone: '9876543210',
  },
  lines: [{ name: 'Kerala Blasters Home', size: 'M', quantity: 1 }],
  ...o,
});

describe('packing slips', () => {
  it('keeps Latin letters and marks the others', () => {
    expect(printable('José Müller – O’Brien')).toBe('José Müller – O’Brien');
    expect(printable('ആശ Menon ₹')).toBe('?? Menon ?');
  });

  it('dates the slip by the Indian day and runs a long order onto a continued page', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      name: `Jersey number ${i + 1}`,
      size: 'L',
      quantity: 1,
    }));
    const text = await pdfText(
      await renderPackingSlips(shop, [
        slip({ lines, shipTo: { ...slip().shipTo, name: 'ആശ Menon' } }),
      ]),
    );
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(2);
    // 18:45 UTC on the 24th is 00:15 on the 25th in India.
    expect(pages[0]).toContain('Placed 25 Nov 2026');
    expect(pages[0]).toContain('?? Menon');
    expect(pages[0]).toContain('Jersey number 1 ');
    expect(pages[1]).toContain('PACKING SLIP (continued)');
    expect(pages[1]).toContain('Order #77');
    expect(pages[1]).toContain('Jersey number 40');
    expect(pages[1]).toContain('40 pieces in all');
    expect(pages[1]).toContain('Packed by');
    expect(pages[0]).not.toContain('Packed by');
  });
});
