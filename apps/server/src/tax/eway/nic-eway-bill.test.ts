// The e-way bill built from a stored invoice (decision 072), with figures worked by hand: the
// Rule 138 edge, intra-state CGST + SGST, inter-state IGST, CGST + UTGST inside a Union
// Territory, bill-to/ship-to for a wholesaler shipping elsewhere, an unregistered buyer (URP),
// and every file checked against NIC's JSON schema.
import { describe, expect, it } from 'vitest';
import { billProblems, bulkFileProblems } from '../../test/eway-schema.js';
import { TEST_SHOP_GSTIN } from '../../test/shop-gstin.js';
import { ewayInvoice as invoice, ewaySeller as seller } from '../../test/eway-invoice.js';
import { bulkFileName, bulkFileOf, nicEwayBillOf, noEwayBillReason } from './nic-eway-bill.js';

const BUYER_GSTIN = '33AABCC1234D1ZI';
const COURIER = { transporterId: '29AAACB1234C1ZX', transporterName: 'Blue Dart', vehicleNo: null };
const NO_TRANSPORT = { transporterId: null, transporterName: null, vehicleNo: null };

describe('the e-way bill of an invoice', () => {
  it('is needed above ₹50,000 including GST, not at it', () => {
    expect(noEwayBillReason({ kind: 'invoice', totalPaise: 5_000_000 })).toMatch(/₹50,000 or less/);
    expect(noEwayBillReason({ kind: 'invoice', totalPaise: 5_000_001 })).toBeNull();
    expect(noEwayBillReason({ kind: 'credit_note', totalPaise: 9_000_000 })).toMatch(
      /invoice or a delivery challan/,
    );
    expect(() => nicEwayBillOf(invoice({ totalPaise: 5_000_000 }), COURIER)).toThrow(
      /₹50,000 or less/,
    );
  });

  it('within the state: CGST + SGST halves, URP buyer, the invoice totals to the paisa', () => {
    const bill = nicEwayBillOf(invoice(), COURIER);
    expect(bill).toMatchObject({
      userGstin: TEST_SHOP_GSTIN,
      supplyType: 'O',
      subSupplyType: '1',
      docType: 'INV',
      docNo: 'KR/26-27/000123',
      docDate: '30/11/2026',
      fromGstin: TEST_SHOP_GSTIN,
      fromPincode: 673004,
      fromStateCode: 32,
      actualFromStateCode: 32,
      toGstin: 'URP',
      toTrdName: 'Anu Thomas',
      toPincode: 673032,
      toStateCode: 32,
      actualToStateCode: 32,
      transactionType: 1,
      totalValue: 49_999.52,
      cgstValue: 1_249.99,
      sgstValue: 1_249.99,
      igstValue: 0,
      totInvValue: 52_499.5,
      transMode: '1',
      transDistance: '0',
      transporterId: '29AAACB1234C1ZX',
      transporterName: 'Blue Dart',
      vehicleNo: '',
      mainHsnCode: 6109,
    });
    expect(bill.itemList).toEqual([
      {
        itemNo: 1,
        productName: 'Kerala Blasters Home 2026 (L)',
        productDesc: 'Kerala Blasters Home 2026 (L)',
        hsnCode: 6109,
        quantity: 50,
        qtyUnit: 'PCS',
        taxableAmount: 49_999.52,
        cgstRate: 2.5,
        sgstRate: 2.5,
        igstRate: 0,
        cessRate: 0,
        cessNonAdvol: 0,
      },
    ]);
    expect(bill).not.toHaveProperty('shipToGSTIN');
    expect(billProblems(bill)).toEqual([]);
  });

  it('to another state: IGST at the whole rate', () => {
    const bill = nicEwayBillOf(
      invoice({
        supplyType: 'inter',
        placeOfSupply: 'Tamil Nadu',
        placeOfSupplyCode: '33',
        buyer: {
          ...invoice().buyer,
          city: 'Chennai',
          state: 'Tamil Nadu',
          state_code: '33',
          pincode: '600017',
        },
      }),
      COURIER,
    );
    expect(bill).toMatchObject({
      toStateCode: 33,
      actualToStateCode: 33,
      cgstValue: 0,
      sgstValue: 0,
      igstValue: 2_499.98,
      totInvValue: 52_499.5,
    });
    expect(bill.itemList[0]).toMatchObject({ cgstRate: 0, sgstRate: 0, igstRate: 5 });
    expect(billProblems(bill)).toEqual([]);
  });

  it("inside a Union Territory without a legislature: UTGST goes as NIC's SGST/UTGST", () => {
    // A shop in Chandigarh (04) selling in Chandigarh: CGST 1,249.99 + UTGST 1,249.99.
    const bill = nicEwayBillOf(
      invoice({
        seller: {
          ...seller,
          city: 'Chandigarh',
          state: 'Chandigarh',
          state_code: '04',
          pincode: '160017',
          gstin: '04AAPFU0939F1ZV',
        },
        placeOfSupply: 'Chandigarh',
        placeOfSupplyCode: '04',
        buyer: {
          ...invoice().buyer,
          city: 'Chandigarh',
          state: 'Chandigarh',
          state_code: '04',
          pincode: '160022',
        },
      }),
      NO_TRANSPORT,
    );
    expect(bill).toMatchObject({
      fromStateCode: 4,
      toStateCode: 4,
      actualToStateCode: 4,
      cgstValue: 1_249.99,
      sgstValue: 1_249.99,
      igstValue: 0,
      transporterId: '',
      vehicleNo: '',
    });
    expect(bill.itemList[0]).toMatchObject({ cgstRate: 2.5, sgstRate: 2.5, igstRate: 0 });
    expect(billProblems(bill)).toEqual([]);
  });

  it('a wholesaler billed at its registered office and shipped elsewhere: bill-to/ship-to', () => {
    // Registered in Tamil Nadu (33), the goods go to its Bengaluru store (29): the place of
    // supply is the buyer's state (IGST Act s. 10(1)(b)), the goods travel to Karnataka.
    const bill = nicEwayBillOf(
      invoice({
        supplyType: 'inter',
        placeOfSupply: 'Tamil Nadu',
        placeOfSupplyCode: '33',
        buyer: {
          name: 'Marina Sports, Indiranagar store',
          address: '100 Feet Road, Indiranagar',
          city: 'Bengaluru',
          state: 'Karnataka',
          state_code: '29',
          pincode: '560038',
          phone: '9845000000',
          gstin: BUYER_GSTIN,
          legal_name: 'Marina Sports Traders',
          billing_address: '21 Pondy Bazaar, T Nagar, Chennai 600017',
          billing: {
            street: '21 Pondy Bazaar, T Nagar',
            city: 'Chennai',
            pincode: '600017',
            state: 'Tamil Nadu',
            state_code: '33',
          },
        },
      }),
      COURIER,
    );
    expect(bill).toMatchObject({
      transactionType: 2,
      toGstin: BUYER_GSTIN,
      toTrdName: 'Marina Sports Traders',
      toStateCode: 33,
      toAddr1: '100 Feet Road, Indiranagar',
      toPlace: 'Bengaluru',
      toPincode: 560038,
      actualToStateCode: 29,
      shipToGSTIN: 'URP',
      shipToTradeName: 'Marina Sports, Indiranagar store',
      igstValue: 2_499.98,
    });
    expect(billProblems(bill)).toEqual([]);
  });

  it('a wholesaler shipped at its registered address: regular, with its GSTIN', () => {
    const street = '21 Pondy Bazaar, T Nagar';
    const bill = nicEwayBillOf(
      invoice({
        supplyType: 'inter',
        placeOfSupply: 'Tamil Nadu',
        placeOfSupplyCode: '33',
        buyer: {
          name: 'Marina Sports Traders',
          address: street,
          city: 'Chennai',
          state: 'Tamil Nadu',
          state_code: '33',
          pincode: '600017',
          phone: '9845000000',
          gstin: BUYER_GSTIN,
          legal_name: 'Marina Sports Traders',
          billing: {
            street,
            city: 'Chennai',
            pincode: '600017',
            state: 'Tamil Nadu',
            state_code: '33',
          },
        },
      }),
      { transporterId: null, transporterName: null, vehicleNo: 'KL11AB1234' },
    );
    expect(bill).toMatchObject({
      transactionType: 1,
      toGstin: BUYER_GSTIN,
      vehicleNo: 'KL11AB1234',
      vehicleType: 'R',
    });
    expect(billProblems(bill)).toEqual([]);
  });

  it("several bills make one bulk file that keeps NIC's schema, and the schema bites", () => {
    const one = nicEwayBillOf(invoice(), COURIER);
    const two = nicEwayBillOf(invoice({ number: 'KR/26-27/000124' }), COURIER);
    const file = bulkFileOf([one, two]);
    expect(file.version).toBe('1.0.0421');
    expect(file.billLists.map((b) => b.docNo)).toEqual(['KR/26-27/000123', 'KR/26-27/000124']);
    expect(bulkFileProblems(file)).toEqual([]);
    expect(bulkFileName([one])).toBe('eway-bill-KR-26-27-000123.json');
    expect(bulkFileName([one, two])).toBe('eway-bills-2.json');
    // What NIC would refuse, the schema refuses too.
    expect(bulkFileProblems(bulkFileOf([{ ...one, docNo: '0/26-27/1' }]))).toEqual([
      'billLists/0/docNo: must match pattern "^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$"',
    ]);
    expect(bulkFileProblems({ ...file, billLists: [] })).toEqual([
      'billLists: must NOT have fewer than 1 items',
    ]);
    expect(billProblems({ ...one, toGstin: 'unregistered' })).toEqual([
      'toGstin: must match pattern "^([0-9]{2}[0-9A-Z]{13}|URP)$"',
    ]);
  });
});
