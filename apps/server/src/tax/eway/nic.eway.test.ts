// NIC's e-way bill adapter against the local fake of the portal (decision 072): it signs in
// once and again when the token is gone, generates an e-way bill with NIC's validity (1 day per
// 200 km, to midnight in India), passes on what the portal refuses — a bill that breaks the
// schema, a GSTIN that fails its checksum, a second bill for the same invoice, a cancel after
// 24 hours, a vehicle number NIC does not accept — and counts a 503 as "try later".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ewbConfigOf, startFakeEwb, type FakeEwb } from '../../test/eway-fake.js';
import { ewayInvoice } from '../../test/eway-invoice.js';
import { TEST_SHOP_GSTIN } from '../../test/shop-gstin.js';
import { EwbRefusal, EwbUnavailable, type EwbClient } from './eway.js';
import { nicEwayBillOf, type NicEwayBill } from './nic-eway-bill.js';
import { createNicEwb, nicEwbDateTime } from './nic.eway.js';

const T0 = new Date('2026-11-29T06:30:00Z'); // 12:00 on 29/11 in India
const COURIER = { transporterId: '29AAACB1234C1ZX', transporterName: 'Blue Dart', vehicleNo: null };

let fake: FakeEwb;
let clock: Date;
let ewb: EwbClient;

beforeAll(async () => {
  fake = await startFakeEwb({ now: T0, gstins: [TEST_SHOP_GSTIN] });
  clock = T0;
  ewb = createNicEwb(ewbConfigOf(fake), { now: () => clock });
});
afterAll(() => fake?.close());

const setClock = (at: Date) => {
  clock = at;
  fake.setNow(at);
};
const bill = (number: string, changes: Partial<NicEwayBill> = {}): NicEwayBill => ({
  ...nicEwayBillOf(ewayInvoice({ number }), COURIER),
  ...changes,
});
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EwbRefusal);
  return err as EwbRefusal;
};

describe("NIC's e-way bill API", () => {
  it("reads NIC's dates as Indian time", () => {
    expect(nicEwbDateTime('29/11/2026 12:00:00 PM').toISOString()).toBe('2026-11-29T06:30:00.000Z');
    expect(nicEwbDateTime('30/11/2026 11:59:59 PM').toISOString()).toBe('2026-11-30T18:29:59.000Z');
    expect(nicEwbDateTime('01/12/2026 12:05:00 AM').toISOString()).toBe('2026-11-30T18:35:00.000Z');
  });

  it('generates: 12 digits, valid 1 day per 200 km to midnight in India, signing in once', async () => {
    setClock(T0);
    // Kozhikode to Chennai: the portal works out 560 km from the pincodes (we send 0): 3 days.
    fake.distances.set('673004-673032', 560);
    const first = await ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000201'));
    expect(first.ewayBillNo).toMatch(/^\d{12}$/);
    expect(first.ewayBillDate.toISOString()).toBe(T0.toISOString());
    // 29/11 + 3 days → 02/12 23:59:59 in India.
    expect(first.validUpto?.toISOString()).toBe('2026-12-02T18:29:59.000Z');
    const short = await ewb.generate(
      TEST_SHOP_GSTIN,
      bill('KR/26-27/000202', { transDistance: '150' }),
    );
    expect(short.validUpto?.toISOString()).toBe('2026-11-30T18:29:59.000Z');
    expect(fake.calls.filter((c) => c === 'auth')).toHaveLength(1);
    // What NIC received is the bulk file's bill with the API's names for the actual states.
    expect(fake.bills.get(first.ewayBillNo)?.bill).toMatchObject({
      docNo: 'KR/26-27/000201',
      totInvValue: 52_499.5,
      actualToStateCode: 32,
    });
  });

  it('signs in again once when the token is gone', async () => {
    fake.expireTokens();
    const before = fake.calls.filter((c) => c === 'auth').length;
    await ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000203'));
    expect(fake.calls.filter((c) => c === 'auth')).toHaveLength(before + 1);
  });

  it('passes on what NIC refuses, with its codes and words', async () => {
    const dup = await refusal(ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000201')));
    expect(dup.codes).toEqual(['604']);
    expect(dup.message).toMatch(/^604: E-way bill\(s\) are already generated/);
    const badBuyer = await refusal(
      ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000204', { toGstin: '33AABCC1234D1ZZ' })),
    );
    expect(badBuyer.codes).toEqual(['212']);
    const schema = await refusal(
      ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000205', { docDate: '2026-11-29' })),
    );
    expect(schema.codes).toEqual(['207']);
    const igstWithin = await refusal(
      ewb.generate(
        TEST_SHOP_GSTIN,
        bill('KR/26-27/000206', {
          itemList: [{ ...bill('x').itemList[0]!, cgstRate: 0, sgstRate: 0, igstRate: 5 }],
        }),
      ),
    );
    expect(igstWithin.codes).toEqual(['218']);
  });

  it('cancels within 24 hours, not after, and not twice', async () => {
    setClock(T0);
    const a = await ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000210'));
    const b = await ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000211'));
    setClock(new Date(T0.getTime() + 23 * 3600_000));
    const done = await ewb.cancel(TEST_SHOP_GSTIN, a.ewayBillNo, '2', 'Order cancelled');
    expect(done.cancelledAt.toISOString()).toBe(clock.toISOString());
    expect(fake.bills.get(a.ewayBillNo)).toMatchObject({ status: 'CNL', cancelReason: '2' });
    expect((await refusal(ewb.cancel(TEST_SHOP_GSTIN, a.ewayBillNo, '2', 'again'))).codes).toEqual([
      '312',
    ]);
    setClock(new Date(T0.getTime() + 25 * 3600_000));
    expect((await refusal(ewb.cancel(TEST_SHOP_GSTIN, b.ewayBillNo, '3', 'late'))).codes).toEqual([
      '315',
    ]);
    // A cancelled bill's invoice may have a new one.
    const again = await ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000210'));
    expect(again.ewayBillNo).not.toBe(a.ewayBillNo);
  });

  it("updates Part B with a vehicle in NIC's format while the bill is valid", async () => {
    setClock(T0);
    const noPartB = await ewb.generate(
      TEST_SHOP_GSTIN,
      bill('KR/26-27/000220', { transporterId: '', transporterName: '', transDistance: '450' }),
    );
    expect(noPartB.validUpto).toBeNull();
    const bad = await refusal(
      ewb.updatePartB(TEST_SHOP_GSTIN, noPartB.ewayBillNo, {
        vehicleNo: 'KL 11 AB 1234',
        fromPlace: 'Kozhikode',
        fromState: 32,
        reason: '4',
        remark: 'First time',
      }),
    );
    expect(bad.codes).toEqual(['304']);
    const updated = await ewb.updatePartB(TEST_SHOP_GSTIN, noPartB.ewayBillNo, {
      vehicleNo: 'KL11AB1234',
      fromPlace: 'Kozhikode',
      fromState: 32,
      reason: '4',
      remark: 'First time',
    });
    // 450 km: 3 days from 29/11 → 02/12 23:59:59 in India.
    expect(updated.validUpto?.toISOString()).toBe('2026-12-02T18:29:59.000Z');
    expect(fake.bills.get(noPartB.ewayBillNo)?.vehicleNo).toBe('KL11AB1234');
    setClock(new Date('2026-12-03T00:00:00Z'));
    const late = await refusal(
      ewb.updatePartB(TEST_SHOP_GSTIN, noPartB.ewayBillNo, {
        vehicleNo: 'KL11AB9999',
        fromPlace: 'Kozhikode',
        fromState: 32,
        reason: '1',
        remark: 'Break down',
      }),
    );
    expect(late.codes).toEqual(['311']);
  });

  it('counts a portal that cannot respond as unavailable, not a refusal', async () => {
    setClock(T0);
    fake.faults = 1;
    await expect(ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000230'))).rejects.toBeInstanceOf(
      EwbUnavailable,
    );
    const after = await ewb.generate(TEST_SHOP_GSTIN, bill('KR/26-27/000230'));
    expect(after.ewayBillNo).toMatch(/^\d{12}$/);
  });
});
