// A stored invoice over ₹50,000 as the PDF and the e-way bill read it (decision 072), for the
// builder's and the adapter's tests: figures worked by hand.
import type { PrintedDocument } from '../tax/document-pdf.js';
import { TEST_SHOP_GSTIN } from './shop-gstin.js';

export const ewaySeller = {
  legal_name: 'Kitroom Sportswear',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  state_code: '32',
  pincode: '673004',
  gstin: TEST_SHOP_GSTIN,
  phone: '+91 98470 12345',
  email: 'accounts@kitroom.in',
} as unknown as PrintedDocument['seller'];

/**
 * 50 jerseys at ₹1,049.99 (5% GST included) and shipping ₹0: value ₹52,499.50; taxable
 * 52,499.50 / 1.05 = 49,999.52, tax 2,499.98 — within Kerala CGST 1,249.99 + SGST 1,249.99.
 */
export function ewayInvoice(o: Partial<PrintedDocument> = {}): PrintedDocument {
  const intra = (o.supplyType ?? 'intra') === 'intra';
  return {
    kind: 'invoice',
    number: 'KR/26-27/000123',
    issuedAt: new Date('2026-11-29T20:00:00Z'), // 30/11/2026 01:30 in India
    orderId: 123,
    seller: ewaySeller,
    buyer: {
      name: 'Anu Thomas',
      address: '14 Beach Road',
      city: 'Kozhikode',
      state: 'Kerala',
      state_code: '32',
      pincode: '673032',
      phone: '9847000000',
      gstin: null,
    },
    placeOfSupply: 'Kerala',
    placeOfSupplyCode: '32',
    supplyType: 'intra',
    taxablePaise: 4_999_952,
    cgstPaise: intra ? 124_999 : 0,
    sgstPaise: intra ? 124_999 : 0,
    igstPaise: intra ? 0 : 249_998,
    totalPaise: 5_249_950,
    reason: null,
    original: null,
    lines: [
      {
        kind: 'goods',
        orderItemId: 1,
        description: 'Kerala Blasters Home 2026 (L)',
        hsn: '6109',
        quantity: 50,
        unit: 'PCS',
        unitPricePaise: 104_999,
        valuePaise: 5_249_950,
        discountPaise: 0,
        taxablePaise: 4_999_952,
        rateBp: 500,
        cgstPaise: intra ? 124_999 : 0,
        sgstPaise: intra ? 124_999 : 0,
        igstPaise: intra ? 0 : 249_998,
        totalPaise: 5_249_950,
      },
    ],
    ...o,
  };
}
