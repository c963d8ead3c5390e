// The signatory's place on each kind of tax document (decision 069): with a signature, a box
// naming the signer, the time in India, the document's reason and the place, and a signature
// pdfsig finds valid over the whole file; without, a note saying it is computer-generated. A
// long name is cut to the box, not run over the page.
import { describe, expect, it } from 'vitest';
import {
  TEST_CERTIFICATE_NAME,
  TEST_CERTIFICATE_PASSWORD,
  pdfSignatures,
  testCertificate,
} from '../test/certificates.js';
import { pdfText } from '../test/pdf.js';
import { SELLER } from '../test/tax-documents.js';
import { renderTaxDocuments, type PrintedDocument } from './document-pdf.js';
import { signPdf } from './document-signature.js';

const document = (kind: PrintedDocument['kind']): PrintedDocument => ({
  kind,
  number: kind === 'delivery_challan' ? 'DC/26-27/000001' : 'KR/26-27/000001',
  issuedAt: new Date('2026-11-24T06:00:00Z'),
  orderId: 9,
  seller: SELLER,
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
  reason: kind === 'invoice' ? null : 'Exchange',
  original:
    kind === 'invoice' ? null : { number: 'KR/26-27/000001', issuedAt: new Date('2026-11-20') },
  lines: [
    {
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
    },
  ],
});

// 18:29 UTC is 23:59 in India, the same day.
const signedAt = new Date('2026-11-29T18:29:00Z');

describe("a tax document's signature", () => {
  it.each([
    ['invoice', 'GST invoice (Rule 46(q))'],
    ['credit_note', 'GST credit note (Rule 53)'],
    ['delivery_challan', 'Delivery challan (Rule 55)'],
  ] as const)(
    '%s: the box says who, when, why and where, and the file verifies',
    async (kind, reason) => {
      const pdf = await signPdf(
        await renderTaxDocuments([document(kind)], {
          name: TEST_CERTIFICATE_NAME,
          location: 'Kozhikode',
          signedAt,
        }),
        testCertificate(),
        TEST_CERTIFICATE_PASSWORD,
        signedAt,
      );
      const text = await pdfText(pdf);
      expect(text).toContain(`Digitally signed by ${TEST_CERTIFICATE_NAME}`);
      expect(text).toContain('Date: 29 Nov 2026, 23:59 IST');
      expect(text).toContain(`Reason: ${reason}`);
      expect(text).toContain('Location: Kozhikode');
      expect(text).toContain('Authorised Signatory');
      expect(text).not.toContain('Computer-generated');
      const report = await pdfSignatures(pdf);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signing Time: Nov 29 2026 18:29:00');
    },
  );

  it.each([
    ['invoice', 'Computer-generated invoice; not digitally signed.'],
    ['credit_note', 'Computer-generated credit note; not digitally signed.'],
    ['delivery_challan', 'Computer-generated delivery challan; not digitally signed.'],
  ] as const)('%s without a certificate says it is not signed', async (kind, note) => {
    const text = await pdfText(await renderTaxDocuments([document(kind)]));
    expect(text).toContain(note);
    expect(text).toContain('Authorised Signatory');
    expect(text).not.toContain('Digitally signed');
  });

  it('cuts a name too long for the box instead of running past it', async () => {
    const name = 'KITROOM SPORTSWEAR AND FOOTBALL MERCHANDISE PRIVATE LIMITED OF KOZHIKODE';
    const text = await pdfText(
      await renderTaxDocuments([document('invoice')], { name, location: 'Kozhikode', signedAt }),
    );
    const line = text.split('\n').find((l) => l.includes('Digitally signed by'))!;
    expect(line).toContain('Digitally signed by KITROOM');
    expect(line).not.toContain('OF KOZHIKODE');
    expect(text).not.toContain('OF KOZHIKODE');
  });
});
