// The tax document's PDF read back as text (pdftotext): every field CGST Rule 46 asks for is
// there as text — the rupee sign and Indian grouping included, which the standard PDF fonts
// could not write — and a long invoice runs onto a continued page.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf.js';
import {
  documentRupees,
  printable,
  renderTaxDocuments,
  type PrintedDocument,
} from './document-pdf.js';
import type { TaxLine } from './tax.types.js';

const seller = {
  legal_name: 'Kitroom Sportswear Pvt Ltd',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  state_code: '32',
  pincode: '673004',
  gstin: '32AABCK1234F1Z5',
  phone: '+91 495 272 1100',
  email: 'accounts@kitroom.example',
};

const jersey = (o: Partial<TaxLine> = {}): TaxLine => ({
  kind: 'goods',
  orderItemId: 1,
  description: 'Kerala Blasters Home 2026 (M)',
  hsn: '6109',
  quantity: 1,
  unit: 'PCS',
  unitPricePaise: 129_900,
  valuePaise: 129_900,
  discountPaise: 0,
  taxablePaise: 123_714,
  rateBp: 500,
  cgstPaise: 3093,
  sgstPaise: 3093,
  igstPaise: 0,
  totalPaise: 129_900,
  ...o,
});

const invoice = (o: Partial<PrintedDocument> = {}): PrintedDocument => ({
  kind: 'invoice',
  number: 'KR/26-27/000123',
  issuedAt: new Date('2026-11-24T18:45:00Z'),
  orderId: 77,
  seller,
  buyer: {
    name: 'Asha Menon',
    address: '12 Beach Road',
    city: 'Kochi',
    state: 'Kerala',
    state_code: '32',
    pincode: '682001',
    phone: '9876543210',
    gstin: null,
  },
  placeOfSupply: 'Kerala',
  placeOfSupplyCode: '32',
  supplyType: 'intra',
  taxablePaise: 123_714,
  cgstPaise: 3093,
  sgstPaise: 3093,
  igstPaise: 0,
  totalPaise: 129_900,
  reason: null,
  original: null,
  lines: [jersey()],
  ...o,
});

describe('tax document PDF', () => {
  it('formats rupees with paise and Indian grouping', () => {
    expect(documentRupees(12_345_600)).toBe('₹1,23,456.00');
    expect(documentRupees(129_950)).toBe('₹1,299.50');
    expect(documentRupees(5)).toBe('₹0.05');
    expect(printable('ആശ Menon – José ₹')).toBe('?? Menon – José ₹');
  });

  it("prints an intra-state invoice's Rule 46 fields as text", async () => {
    const text = await pdfText(await renderTaxDocuments([invoice()]));
    for (const shown of [
      'TAX INVOICE',
      'Invoice No. KR/26-27/000123',
      // 18:45 UTC on the 24th is the 25th in India.
      'Date: 25 Nov 2026',
      'Kitroom Sportswear Pvt Ltd',
      '2nd Floor, Mavoor Road',
      'GSTIN: 32AABCK1234F1Z5',
      'Asha Menon',
      '12 Beach Road',
      'State: Kerala, code 32',
      'Place of supply: Kerala (32)',
      'Reverse charge: No',
      'Kerala Blasters Home',
      '6109',
      'PCS',
      '1,299.00',
      '1,237.14',
      '2.5%',
      '30.93',
      '₹1,237.14',
      '₹30.93',
      '₹1,299.00',
      'Rupees One Thousand Two Hundred Ninety Nine Only',
      'For Kitroom Sportswear Pvt Ltd',
      'Authorised Signatory',
    ]) {
      expect(text).toContain(shown);
    }
    // Each tax with its own rate, in the table and in the totals (Rule 46).
    expect(text).toMatch(/Rate\s+CGST \(₹\)\s+Rate\s+SGST \(₹\)/);
    expect(text).toMatch(/1,237\.14\s+2\.5%\s+30\.93\s+2\.5%\s+30\.93\s+1,299\.00/);
    expect(text).toMatch(/CGST 2\.5%\s+₹30\.93/);
    expect(text).toMatch(/SGST 2\.5%\s+₹30\.93/);
    expect(text).not.toContain('IGST');
    // No copy asked for: no mark.
    expect(text).not.toMatch(/ORIGINAL|DUPLICATE|TRIPLICATE/);
  });

  it('prints UTGST, not SGST, for a supply inside a territory without a legislature', async () => {
    const chandigarh = { city: 'Chandigarh', state: 'Chandigarh', state_code: '04' };
    const text = await pdfText(
      await renderTaxDocuments([
        invoice({
          seller: { ...seller, ...chandigarh, pincode: '160017', gstin: '04AABCK1234F1Z9' },
          buyer: { ...invoice().buyer, ...chandigarh, pincode: '160022' },
          placeOfSupply: 'Chandigarh',
          placeOfSupplyCode: '04',
        }),
      ]),
    );
    expect(text).toContain('Place of supply: Chandigarh (04)');
    expect(text).toContain('Intra-state supply: CGST + UTGST');
    expect(text).toMatch(/Rate\s+CGST \(₹\)\s+Rate\s+UTGST \(₹\)/);
    expect(text).toMatch(/UTGST 2\.5%\s+₹30\.93/);
    expect(text).not.toContain('SGST');
  });

  it('prints a delivery challan: the goods and their value against the invoice, no tax', async () => {
    const pdf = await renderTaxDocuments([
      invoice({
        kind: 'delivery_challan',
        number: 'DC/26-27/000004',
        reason: 'Replacement in exchange #12: goods sent without consideration',
        original: { number: 'KR/26-27/000123', issuedAt: new Date('2026-11-24T18:45:00Z') },
        cgstPaise: 0,
        sgstPaise: 0,
        totalPaise: 123_714,
        lines: [
          jersey({
            description: 'Kerala Blasters Home 2026 (L)',
            unitPricePaise: 123_714,
            valuePaise: 123_714,
            cgstPaise: 0,
            sgstPaise: 0,
            totalPaise: 123_714,
          }),
        ],
      }),
    ]);
    if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, pdf);
    const text = await pdfText(pdf);
    for (const shown of [
      'DELIVERY CHALLAN',
      'Challan No. DC/26-27/000004',
      'Against invoice KR/26-27/000123 dated 25 Nov 2026',
      'Kerala Blasters Home 2026 (L)',
      'Not a supply: goods sent in exchange, no tax charged',
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).toMatch(/Value of goods\s+₹1,237\.14/);
    expect(text).toMatch(/HSN\s+Qty\s+Unit\s+Value \(₹\)/);
    expect(text).not.toMatch(/CGST|SGST|IGST|Taxable/);
  });

  it("prints an inter-state invoice with IGST and a wholesaler's GSTIN", async () => {
    const line = jersey({
      quantity: 100,
      valuePaise: 12_990_000,
      discountPaise: 90_050,
      taxablePaise: 12_285_667,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 614_283,
      totalPaise: 12_899_950,
    });
    const text = await pdfText(
      await renderTaxDocuments([
        invoice({
          buyer: {
            ...invoice().buyer,
            state: 'Karnataka',
            state_code: '29',
            gstin: '29ABCDE1234F1Z5',
          },
          placeOfSupply: 'Karnataka',
          placeOfSupplyCode: '29',
          supplyType: 'inter',
          taxablePaise: 12_285_667,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 614_283,
          totalPaise: 12_899_950,
          lines: [line],
        }),
      ]),
    );
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Inter-state supply: IGST');
    expect(text).toContain('1,29,900.00');
    expect(text).toContain('₹1,22,856.67');
    expect(text).toContain('₹6,142.83');
    expect(text).toMatch(/Rate\s+IGST \(₹\)/);
    expect(text).toMatch(/1,22,856\.67\s+5%\s+6,142\.83/);
    expect(text).toMatch(/IGST 5%\s+₹6,142\.83/);
    expect(text).toContain('₹1,28,999.50');
    expect(text).toContain(
      'Rupees One Lakh Twenty Eight Thousand Nine Hundred Ninety Nine and Fifty Paise Only',
    );
    expect(text).not.toMatch(/CGST/);
  });

  it("prints a credit note's original invoice, and runs long documents onto more pages", async () => {
    const lines = Array.from({ length: 45 }, (_, i) =>
      jersey({ orderItemId: i + 1, description: `Jersey number ${i + 1} (L)` }),
    );
    const text = await pdfText(
      await renderTaxDocuments([
        invoice({ lines }),
        invoice({
          kind: 'credit_note',
          number: 'CN/26-27/000004',
          reason: 'Returned: wrong size',
          original: { number: 'KR/26-27/000123', issuedAt: new Date('2026-11-24T18:45:00Z') },
        }),
      ]),
    );
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages.length).toBe(3);
    expect(pages[0]).toContain('Jersey number 1 (L)');
    expect(pages[0]).not.toContain('Authorised Signatory');
    expect(pages[1]).toContain('TAX INVOICE (continued)');
    expect(pages[1]).toContain('Jersey number 45 (L)');
    expect(pages[1]).toContain('Authorised Signatory');
    expect(pages[2]).toContain('CREDIT NOTE');
    expect(pages[2]).toContain('Credit note No. CN/26-27/000004');
    expect(pages[2]).toContain('Against invoice KR/26-27/000123 dated 25 Nov 2026');
    expect(pages[2]).toContain('Reason: Returned: wrong size');
    expect(pages[2]).toContain('Credit note total');
  });

  it('sums each tax by rate when the lines charge two rates', async () => {
    // A ₹1,299 jersey at 5% (CGST = SGST = 30.93) and a ₹2,999 one at 18%: 299900 / 1.18 =
    // 254152.54 → 254153, tax 45747 is odd, so 228.73 each and taxable 2541.54.
    const dear = jersey({
      orderItemId: 2,
      description: 'Retro 1973 (L)',
      unitPricePaise: 299_900,
      valuePaise: 299_900,
      taxablePaise: 254_154,
      rateBp: 1800,
      cgstPaise: 22_873,
      sgstPaise: 22_873,
      totalPaise: 299_900,
    });
    const text = await pdfText(
      await renderTaxDocuments([
        invoice({
          lines: [jersey(), dear],
          taxablePaise: 377_868,
          cgstPaise: 25_966,
          sgstPaise: 25_966,
          totalPaise: 429_800,
          copy: 'original',
        }),
      ]),
    );
    expect(text).toMatch(/CGST 2\.5%\s+₹30\.93/);
    expect(text).toMatch(/SGST 2\.5%\s+₹30\.93/);
    expect(text).toMatch(/CGST 9%\s+₹228\.73/);
    expect(text).toMatch(/SGST 9%\s+₹228\.73/);
    expect(text).toContain('₹4,298.00');
  });

  it('marks each copy of an invoice as Rule 48 names it, on every page', async () => {
    const copies = await pdfText(
      await renderTaxDocuments([
        invoice({ copy: 'original' }),
        invoice({ copy: 'duplicate' }),
        invoice({ copy: 'triplicate' }),
      ]),
    );
    const pages = copies.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('ORIGINAL FOR RECIPIENT');
    expect(pages[1]).toContain('DUPLICATE FOR TRANSPORTER');
    expect(pages[2]).toContain('TRIPLICATE FOR SUPPLIER');
    expect(pages[0]).not.toMatch(/DUPLICATE|TRIPLICATE/);
    // A long original is marked on its continued page too.
    const lines = Array.from({ length: 45 }, (_, i) =>
      jersey({ orderItemId: i + 1, description: `Jersey number ${i + 1} (L)` }),
    );
    const long = (await pdfText(await renderTaxDocuments([invoice({ lines, copy: 'original' })])))
      .split('\f')
      .filter((p) => p.trim() !== '');
    expect(long).toHaveLength(2);
    expect(long[1]).toContain('TAX INVOICE (continued)');
    expect(long[1]).toContain('ORIGINAL FOR RECIPIENT');
  });

  it('writes a single paisa in words as One Paisa', async () => {
    const line = jersey({
      unitPricePaise: 295_001,
      valuePaise: 295_001,
      taxablePaise: 250_001,
      rateBp: 1800,
      cgstPaise: 22_500,
      sgstPaise: 22_500,
      totalPaise: 295_001,
    });
    const text = await pdfText(
      await renderTaxDocuments([
        invoice({
          lines: [line],
          taxablePaise: 250_001,
          cgstPaise: 22_500,
          sgstPaise: 22_500,
          totalPaise: 295_001,
        }),
      ]),
    );
    expect(text).toContain('Rupees Two Thousand Nine Hundred Fifty and One Paisa Only');
  });
});
