// NIC's IRP adapter against the local fake of the portal (decision 068): it signs in once and
// again when the token is gone, registers a document and gets the IRN NIC would compute, finds
// a document registered before through 2150's IRN, and passes on what the portal refuses —
// documents that break the schema, GSTINs that fail their checksum, sums that do not add up
// within ₹1, IGST within a state, a cancel after 24 hours, a look-up after 2 days — and does
// not take a response whose signature does not verify.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIrp, type FakeIrp } from '../../test/irp-fake.js';
import { TEST_SHOP_GSTIN } from '../../test/shop-gstin.js';
import { IrpRefusal, IrpUnavailable, type IrpClient } from './irp.js';
import { jwsPayload, publicKeyOf } from './nic-crypto.js';
import type { NicInvoice } from './nic-invoice.js';
import { createNicIrp } from './nic.irp.js';

const SELLER = TEST_SHOP_GSTIN;
const BUYER = '33AABCC1234D1ZI';
const T0 = new Date('2026-11-29T06:30:00Z'); // 12:00 in India

let fake: FakeIrp;
let clock: Date;
let irp: IrpClient;

const config = (f: FakeIrp, signingKey: string | null = f.signingPublicKey) => ({
  apiBase: f.url,
  clientId: f.clientId,
  clientSecret: f.clientSecret,
  username: f.username,
  password: f.password,
  publicKey: f.publicKey,
  signingKey,
});

beforeAll(async () => {
  fake = await startFakeIrp({ now: T0, gstins: [SELLER] });
  clock = T0;
  irp = createNicIrp(config(fake), { now: () => clock });
});
afterAll(() => fake?.close());

const setClock = (at: Date) => {
  clock = at;
  fake.setNow(at);
};

/**
 * Two jerseys of ₹1,049.99 each to Tamil Nadu at 5%, worked by hand: taxable 2,099.98 / 1.05 =
 * 1,999.98 (IGST 100.00); the invoice ₹2,099.98.
 */
function invoice(no: string, changes: (inv: NicInvoice) => void = () => {}): NicInvoice {
  const inv: NicInvoice = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: no, Dt: '29/11/2026' },
    SellerDtls: {
      Gstin: SELLER,
      LglNm: 'Kitroom Sportswear',
      Addr1: '2nd Floor, Mavoor Road',
      Loc: 'Kozhikode',
      Pin: 673004,
      Stcd: '32',
    },
    BuyerDtls: {
      Gstin: BUYER,
      LglNm: 'Marina Sports Traders',
      Pos: '33',
      Addr1: '21 Pondy Bazaar, T Nagar',
      Loc: 'Chennai',
      Pin: 600017,
      Stcd: '33',
    },
    ItemList: [
      {
        SlNo: '1',
        PrdDesc: 'Chennaiyin FC Home (M)',
        IsServc: 'N',
        HsnCd: '610910',
        Qty: 2,
        Unit: 'PCS',
        UnitPrice: 999.99,
        TotAmt: 1999.98,
        AssAmt: 1999.98,
        GstRt: 5,
        IgstAmt: 100,
        CgstAmt: 0,
        SgstAmt: 0,
        TotItemVal: 2099.98,
      },
    ],
    ValDtls: { AssVal: 1999.98, CgstVal: 0, SgstVal: 0, IgstVal: 100, TotInvVal: 2099.98 },
  };
  changes(inv);
  return inv;
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IrpRefusal);
  return err as IrpRefusal;
};

describe("NIC's IRP adapter against the fake portal", () => {
  it('registers a document with the IRN NIC computes, signed, and signs in once', async () => {
    const r = await irp.generate(SELLER, invoice('KR/26-27/000001'));
    // SHA-256 of GSTIN + financial year + type + number, computed here apart from the fake.
    const expected = createHash('sha256')
      .update(`${SELLER}2026-27INVKR/26-27/000001`)
      .digest('hex');
    expect(r.irn).toBe(expected);
    expect(r.ackNo).toMatch(/^\d{15}$/);
    expect(r.ackAt.toISOString()).toBe(T0.toISOString());
    const qr = jwsPayload(r.signedQrCode, publicKeyOf(fake.signingPublicKey));
    expect(JSON.parse(String(qr?.data))).toEqual({
      SellerGstin: SELLER,
      BuyerGstin: BUYER,
      DocNo: 'KR/26-27/000001',
      DocTyp: 'INV',
      DocDt: '29/11/2026',
      TotInvVal: 2099.98,
      ItemCnt: 1,
      MainHsnCode: '610910',
      Irn: expected,
      IrnDt: '2026-11-29 12:00:00',
    });
    await irp.generate(SELLER, invoice('KR/26-27/000002'));
    expect(fake.calls.filter((c) => c === 'auth')).toHaveLength(1);
  });

  it('returns the first registration when a document is sent again (2150, duplicate IRN)', async () => {
    const first = await irp.generate(SELLER, invoice('KR/26-27/000003'));
    const again = await irp.generate(SELLER, invoice('KR/26-27/000003'));
    expect(again).toEqual(first);
    expect(
      [...fake.registrations.values()].filter((r) => r.invoice.DocDtls.No === 'KR/26-27/000003'),
    ).toHaveLength(1);
  });

  it('signs in again when the token is no longer good (1005)', async () => {
    const before = fake.calls.filter((c) => c === 'auth').length;
    fake.expireTokens();
    await irp.generate(SELLER, invoice('KR/26-27/000004'));
    expect(fake.calls.filter((c) => c === 'auth')).toHaveLength(before + 1);
  });

  it('passes on what the portal refuses', async () => {
    // The schema: a document number longer than 16 characters, an unknown rate.
    const schema = await refusal(
      irp.generate(
        SELLER,
        invoice('KR/26-27/0000000005', (i) => {
          i.ItemList[0]!.GstRt = 4 as NicInvoice['ItemList'][number]['GstRt'];
        }),
      ),
    );
    expect(schema.code).toBe('2140');
    expect(schema.message).toContain('DocDtls.No');
    expect(schema.message).toContain('ItemList.0.GstRt');
    // A buyer GSTIN whose last character is not its checksum.
    const gstin = await refusal(
      irp.generate(
        SELLER,
        invoice('KR/26-27/000006', (i) => (i.BuyerDtls.Gstin = '33AABCC1234D1ZJ')),
      ),
    );
    expect(gstin.message).toContain('Recipient GSTIN - 33AABCC1234D1ZJ is invalid');
    // Within ₹1 passes (rounding); ₹1.01 off does not.
    await irp.generate(
      SELLER,
      invoice('KR/26-27/000007', (i) => (i.ValDtls.TotInvVal = 2100.98)),
    );
    const total = await refusal(
      irp.generate(
        SELLER,
        invoice('KR/26-27/000008', (i) => (i.ValDtls.TotInvVal = 2100.99)),
      ),
    );
    expect(total.message).toContain('Total invoice value is not assessable value plus taxes');
    // IGST on a supply within the seller's state.
    const intra = await refusal(
      irp.generate(
        SELLER,
        invoice('KR/26-27/000009', (i) => (i.BuyerDtls.Pos = '32')),
      ),
    );
    expect(intra.message).toContain('IGST is not charged within a state');
    // A 4-digit HSN code above ₹5 crore of turnover.
    const hsn = await refusal(
      irp.generate(
        SELLER,
        invoice('KR/26-27/000010', (i) => (i.ItemList[0]!.HsnCd = '6109')),
      ),
    );
    expect(hsn.message).toContain('6-digit HSN code is mandatory');
    // A GSTIN the API user may not act for.
    const other = await refusal(irp.generate('29ABCDE1234F1ZW', invoice('KR/26-27/000011')));
    expect(other.code).toBe('1015');
  });

  it('cancels within 24 hours of the acknowledgement and not after (2270), once', async () => {
    setClock(T0);
    const r = await irp.generate(SELLER, invoice('KR/26-27/000012'));
    const late = await irp.generate(SELLER, invoice('KR/26-27/000013'));
    setClock(new Date(T0.getTime() + 24 * 3600_000));
    const canceled = await irp.cancel(SELLER, r.irn, '2', 'Wrong quantity');
    expect(canceled.canceledAt.toISOString()).toBe(
      new Date(T0.getTime() + 24 * 3600_000).toISOString(),
    );
    expect((await refusal(irp.cancel(SELLER, r.irn, '2', 'Again'))).code).toBe('9999');
    setClock(new Date(T0.getTime() + 24 * 3600_000 + 1000));
    const tooLate = await refusal(irp.cancel(SELLER, late.irn, '1', 'Duplicate'));
    expect(tooLate.code).toBe('2270');
    // A canceled document's number cannot be registered again.
    expect((await refusal(irp.generate(SELLER, invoice('KR/26-27/000012')))).code).toBe('2278');
  });

  it('reads a registration by IRN for 2 days (2283 after)', async () => {
    setClock(T0);
    const r = await irp.generate(SELLER, invoice('KR/26-27/000014'));
    setClock(new Date(T0.getTime() + 47 * 3600_000));
    expect((await irp.getByIrn(SELLER, r.irn)).ackNo).toBe(r.ackNo);
    setClock(new Date(T0.getTime() + 49 * 3600_000));
    expect((await refusal(irp.getByIrn(SELLER, r.irn))).code).toBe('2283');
    setClock(T0);
  });

  it('tells a portal that cannot be reached from a refusal, and refuses a response not signed by NIC', async () => {
    fake.faults.push('unavailable');
    await expect(irp.generate(SELLER, invoice('KR/26-27/000015'))).rejects.toBeInstanceOf(
      IrpUnavailable,
    );
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const suspicious = createNicIrp(
      config(fake, stranger.publicKey.export({ format: 'pem', type: 'spki' }).toString()),
      { now: () => clock },
    );
    await expect(suspicious.generate(SELLER, invoice('KR/26-27/000016'))).rejects.toThrow(
      'did not verify',
    );
  });
});
