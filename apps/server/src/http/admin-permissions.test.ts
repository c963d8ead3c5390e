// Every back-office endpoint × every role, and without a session, with a pending one and with
// a shopper's: a role without the endpoint's permission gets 403 and changes nothing, and
// every caller who may not call it gets 401 or 403 whatever they send. The first test fails
// when the table has an endpoint the server does not register, or one this file lacks.
import {
  adminEndpoints,
  CSV_COLUMNS,
  roleMayCall,
  STAFF_ROLES,
  type AdminEndpoint,
  type AdminEndpointName,
} from '@kitroom/contract/admin';
import { count, eq, sql } from 'drizzle-orm';
import path from 'node:path';
import {
  queryRows,
  affiliates,
  auditLog,
  campaignCodes,
  feedback,
  orders,
  reviews,
} from '../db/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import {
  createCoupon,
  createProduct,
  createUser,
  ensureCategory,
  ensureSubCategory,
  loggedInUser,
} from '../test/factories.js';
import { multipartFile, pngPicture } from '../test/multipart.js';
import { createOrder, createPaidOrder } from '../test/order-factories.js';
import {
  issueInvoice,
  ewayBillRequest,
  recordGenerated,
  createNicEwb,
  nicDate,
} from '../tax/index.js';
import { createBackup } from '../ops/index.js';
import { createPendingPayout, createRefundableOrder } from '../test/refund-factories.js';
import { startTestApp, TEST_SHOP_GSTIN, type TestApp } from '../test/harness.js';
import { irpEnv } from '../test/e-invoices.js';
import { startFakeIrp, type FakeIrp } from '../test/irp-fake.js';
import { ewbConfigOf, ewbEnv, startFakeEwb, type FakeEwb } from '../test/eway-fake.js';
import { profileSamples } from '../test/profiles.js';
import { createReturn, createShippedReplacement } from '../test/returns.js';
import { createStaff } from '../test/staff.js';
import { addEntry, createGiveaway } from '../test/giveaways.js';
import { createLaunch } from '../test/launches.js';
import { createApplication, createPriceList } from '../test/wholesale.js';
import {
  seedCreditNote,
  seedDeliveryChallan,
  seedInvoice,
  type SeedDocument,
} from '../test/tax-documents.js';
import { startStaffSession, STAFF_COOKIE, COMMAND_LINE, inviteStaff } from '../staff/index.js';
import { loadConfig } from '../config.js';
import { uploadSigningCertificate } from '../settings/index.js';
import { certificateUpload, testCertificate } from '../test/certificates.js';

interface Sample {
  url: string;
  payload?: object | string;
  /** Headers beside the origin and cookie (a multipart upload's content type). */
  headers?: Record<string, string>;
  /** What an allowed caller gets when it is not 200 (the sandbox has no settlements: 409). */
  okStatus?: number;
}

let serial = 0;

/** A fresh invitation's id, made as the command line would. */
async function pendingInvitation(db: Db): Promise<number> {
  const email = `invitee-${++serial}@kitroom.in`;
  await inviteStaff(db, COMMAND_LINE, 'http://127.0.0.1', {
    email,
    name: 'Invitee',
    role: 'packer',
  });
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM staff_setup_tokens WHERE email = ${email}`,
  );
  return row!.id;
}
let sampleBackup: ReturnType<typeof createBackup> | undefined;

const sampleInvoice = (n: number): SeedDocument => ({
  number: `KR/26-27/${n}`,
  issuedAt: '2026-11-05T06:00:00Z',
  state: 'Kerala',
  lines: [{ quantity: 1, unitPricePaise: 129_900, rateBp: 500 }],
});

async function createFeedback(db: Db): Promise<number> {
  const [row] = await db
    .insert(feedback)
    .values({ feedback: 'The size chart is hard to find.' })
    .returning({ id: feedback.id });
  return row!.id;
}

async function createReview(db: Db): Promise<number> {
  const user = await createUser(db);
  const productId = await createProduct(db);
  const order = await createPaidOrder(db, {
    userId: user.id,
    items: [{ productId, size: 'M', quantity: 1 }],
  });
  const [row] = await db
    .insert(reviews)
    .values({
      userId: user.id,
      productId,
      orderId: order.id,
      rating: 4,
      subject: 'Good',
      comment: 'Fits.',
    })
    .returning({ id: reviews.id });
  return row!.id;
}

/** A valid call of each endpoint; made anew for every caller (some change what they touch). */
const SAMPLES: Record<AdminEndpointName, (db: Db) => Promise<Sample>> = {
  setupInfo: async () => ({ url: '/api/admin/setup/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
  setup: async () => ({
    url: '/api/admin/setup',
    payload: {
      token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      name: 'X',
      password: 'a long password',
    },
  }),
  signIn: async () => ({
    url: '/api/admin/sign-in',
    payload: { email: 'nobody@kitroom.in', password: 'whatever' },
  }),
  secondFactor: async () => ({
    url: '/api/admin/sign-in/second-factor',
    payload: { code: '123456' },
  }),
  signOut: async () => ({ url: '/api/admin/sign-out' }),
  me: async () => ({ url: '/api/admin/me' }),
  dashboard: async () => ({ url: '/api/admin/dashboard' }),
  adminStatus: async () => ({ url: '/api/admin/status' }),
  listStaff: async () => ({ url: '/api/admin/staff' }),
  inviteStaff: async () => ({
    url: '/api/admin/staff/invite',
    payload: { email: `invitee-${++serial}@kitroom.in`, name: 'Invitee', role: 'packer' },
  }),
  listStaffInvitations: async () => ({ url: '/api/admin/staff/invitations' }),
  resendStaffInvitation: async (db) => ({
    url: `/api/admin/staff/invitations/${await pendingInvitation(db)}/resend`,
  }),
  revokeStaffInvitation: async (db) => ({
    url: `/api/admin/staff/invitations/${await pendingInvitation(db)}/revoke`,
  }),
  updateStaff: async (db) => ({
    url: `/api/admin/staff/${(await createStaff(db, 'packer')).id}`,
    payload: { role: 'support' },
  }),
  resetStaffTwoFactor: async (db) => ({
    url: `/api/admin/staff/${(await createStaff(db, 'support')).id}/reset`,
  }),
  audit: async () => ({ url: '/api/admin/audit?limit=5' }),
  ...ordersSamples(),
  ...catalogueSamples(),
  listCoupons: async () => ({ url: '/api/admin/coupons?status=active' }),
  couponOptions: async () => ({ url: '/api/admin/coupons/options' }),
  getCoupon: async (db) => ({ url: `/api/admin/coupons/${(await createCoupon(db)).id}` }),
  createCoupon: async () => ({
    url: '/api/admin/coupons',
    payload: {
      code: `SAMPLE${++serial}`,
      description: '',
      kind: 'percent',
      value: 10,
      max_discount: null,
      min_order: 0,
      starts_at: '2026-01-01T00:00:00+05:30',
      ends_at: null,
      max_uses: null,
      max_uses_per_user: null,
      active: true,
      product_ids: [],
      category_ids: [],
    },
  }),
  updateCoupon: async (db) => ({
    url: `/api/admin/coupons/${(await createCoupon(db)).id}`,
    payload: { active: false },
  }),
  listReviews: async () => ({ url: '/api/admin/reviews?visibility=shown&rating=5' }),
  setReviewHidden: async (db) => ({
    url: `/api/admin/reviews/${await createReview(db)}`,
    payload: { hidden: true },
  }),
  listFeedback: async () => ({ url: '/api/admin/feedback?state=unhandled' }),
  getFeedback: async (db) => ({ url: `/api/admin/feedback/${await createFeedback(db)}` }),
  setFeedbackHandled: async (db) => ({
    url: `/api/admin/feedback/${await createFeedback(db)}`,
    payload: { handled: true },
  }),
  listWholesaleApplications: async () => ({
    url: '/api/admin/wholesale/applications?status=pending',
  }),
  approveWholesaleApplication: async (db) => ({
    url: `/api/admin/wholesale/applications/${await createApplication(db)}/approve`,
    payload: { price_list_id: await createPriceList(db) },
  }),
  rejectWholesaleApplication: async (db) => ({
    url: `/api/admin/wholesale/applications/${await createApplication(db)}/reject`,
    payload: { reason: 'The GSTIN is not active.' },
  }),
  listPriceLists: async () => ({ url: '/api/admin/wholesale/price-lists' }),
  createPriceList: async () => ({
    url: '/api/admin/wholesale/price-lists',
    payload: {
      name: `Sample list ${++serial}`,
      rules: [],
      tiers: [{ min_pieces: 10, percent_off: 25 }],
      min_order_paise: 0,
      min_order_pieces: 0,
    },
  }),
  updatePriceList: async (db) => ({
    url: `/api/admin/wholesale/price-lists/${await createPriceList(db)}`,
    payload: {
      name: `Sample list ${++serial}`,
      rules: [{ target: 'all', kind: 'percent', value: 10 }],
      tiers: [],
      min_order_paise: 500_000,
      min_order_pieces: 0,
    },
  }),
  listAffiliates: async () => ({ url: '/api/admin/referrals/affiliates?limit=5' }),
  createAffiliate: async () => ({
    url: '/api/admin/referrals/affiliates',
    payload: { code: `AFF${++serial}`, name: 'Sample affiliate' },
  }),
  updateAffiliate: async (db) => {
    const [row] = await db
      .insert(affiliates)
      .values({ code: `AFFX${++serial}`, name: 'Sample' })
      .returning({ id: affiliates.id });
    return { url: `/api/admin/referrals/affiliates/${row!.id}`, payload: { active: false } };
  },
  listCampaignCodes: async () => ({ url: '/api/admin/referrals/campaigns?limit=5' }),
  createCampaignCode: async () => ({
    url: '/api/admin/referrals/campaigns',
    payload: { code: `CAMP${++serial}`, name: 'Sample campaign' },
  }),
  updateCampaignCode: async (db) => {
    const code = `CAMPX${++serial}`;
    await db.insert(campaignCodes).values({ code, name: 'Sample' });
    return { url: `/api/admin/referrals/campaigns/${code}`, payload: { name: 'Renamed' } };
  },
  referralReport: async () => ({ url: '/api/admin/referrals/report?from=2026-11-01' }),
  exportCatalogueCsv: async () => ({ url: '/api/admin/catalogue/csv' }),
  importCatalogueCsv: async () => ({
    url: '/api/admin/catalogue/csv?mode=dry-run',
    payload: `${CSV_COLUMNS.join(',')}\r\n`,
    headers: { 'content-type': 'text/csv' },
  }),
  ...profileSamples(() => ++serial),
  ...giveawaySamples(),
  ...launchSamples(),
  listReturns: async () => ({ url: '/api/admin/returns?status=requested' }),
  getReturn: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'exchange', status: 'requested' })}`,
  }),
  approveReturn: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'exchange', status: 'requested' })}/approve`,
    payload: { note: 'Send it back in its bag.' },
  }),
  rejectReturn: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'return', status: 'requested' })}/reject`,
    payload: { note: 'The tags were cut off.' },
  }),
  receiveReturn: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'exchange', status: 'approved' })}/receive`,
    payload: {},
  }),
  shipReplacement: async (db) => {
    const id = await createReturn(db, { kind: 'exchange', status: 'received' });
    return {
      url: `/api/admin/returns/${id}/ship`,
      payload: { courier_name: 'Delhivery', tracking_id: `DLV${id}`, tracking_link: '' },
    };
  },
  shipReplacementWithCourier: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'exchange', status: 'received' })}/shipments`,
    payload: { courier: 'sandbox' },
  }),
  bookReturnPickup: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'return', status: 'approved' })}/pickup`,
    payload: { courier: 'sandbox' },
  }),
  replacementLabel: async (db) => ({
    url: `/api/admin/returns/${await createShippedReplacement(db)}/label`,
  }),
  replacementPackingSlip: async (db) => ({
    url: `/api/admin/returns/${await createReturn(db, { kind: 'exchange', status: 'received' })}/packing-slip`,
  }),
  getSettings: async () => ({ url: '/api/admin/settings' }),
  getSigningCertificate: async () => ({ url: '/api/admin/settings/signing-certificate' }),
  uploadSigningCertificate: async () => ({
    url: '/api/admin/settings/signing-certificate',
    payload: certificateUpload(testCertificate()),
  }),
  // Removes the one uploaded here first, so the owner's call finds one.
  removeSigningCertificate: async (db) => {
    await uploadSigningCertificate(
      db,
      loadConfig({ NODE_ENV: 'test' }).documentSigningKey,
      COMMAND_LINE,
      certificateUpload(testCertificate()),
    );
    return { url: '/api/admin/settings/signing-certificate' };
  },
  listErasures: async () => ({ url: '/api/admin/erasures?state=waiting' }),
  listCustomers: async () => ({ url: '/api/admin/customers?q=9876543210&sort=value&limit=5' }),
  getCustomer: async (db) => ({ url: `/api/admin/customers/${(await createUser(db)).id}` }),
  addCustomerNote: async (db) => ({
    url: `/api/admin/customers/${(await createUser(db)).id}/notes`,
    payload: { note: 'Prefers a call after 6 PM.' },
  }),
  setCustomerCodBlock: async (db) => ({
    url: `/api/admin/customers/${(await createUser(db)).id}/cod-block`,
    payload: { blocked: true, reason: 'Refused three parcels at the door' },
  }),
  // A shopper with nothing open: erased at once.
  startCustomerErasure: async (db) => {
    const shopper = await createUser(db);
    return {
      url: `/api/admin/customers/${shopper.id}/erasure`,
      payload: { email: shopper.email },
    };
  },
  updateSettings: async () => ({
    url: '/api/admin/settings',
    payload: { support_hours: `Every day, 9 AM to ${(++serial % 9) + 1} PM` },
  }),
  refundAdminOrder: async (db) => ({
    url: `/api/admin/orders/${(await createRefundableOrder(db)).id}/refunds`,
    payload: {
      amount: '100.50',
      reason: 'Late delivery',
      idempotency_key: `sample-refund-${++serial}-key`,
    },
  }),
  listAdminRefunds: async () => ({ url: '/api/admin/refunds?overdue=true&limit=5' }),
  reconciliation: async () => ({ url: '/api/admin/reconciliation' }),
  // This app runs the sandbox, which says it has no settlements to fetch.
  fetchSettlementReport: async () => ({
    url: '/api/admin/settlement-report?period=2026-01',
    okStatus: 409,
  }),
  uploadSettlementReport: async () => ({
    url: '/api/admin/settlement-report/rupees',
    ...multipartFile(
      Buffer.from(
        'entity_id,type,debit,credit,amount,fee,tax,created_at,settled_at,settlement_id\n' +
          'adj_perm0001,adjustment,0,10.00,10.00,0,0,2026-01-02 10:00:00,2026-01-03 10:00:00,setl_perm\n',
      ),
      { filename: 'settlements.csv', type: 'text/csv' },
    ),
  }),
  recordPayout: async (db) => ({
    url: `/api/admin/refunds/${(await createPendingPayout(db)).refundId}/payout`,
    payload: { utr: `UTR${String(++serial).padStart(12, '0')}` },
  }),
  taxSummary: async () => ({ url: '/api/admin/tax/summary?month=2026-11' }),
  codReport: async () => ({ url: '/api/admin/reports/cod?month=2026-11' }),
  recoveryReport: async () => ({ url: '/api/admin/reports/cart-reminders?month=2026-11' }),
  getRecoverySettings: async () => ({ url: '/api/admin/settings/cart-reminders' }),
  updateRecoverySettings: async () => ({
    url: '/api/admin/settings/cart-reminders',
    payload: {
      enabled: false,
      wait_minutes: 60 + (++serial % 60),
      coupon_kind: null,
      coupon_value: null,
      coupon_valid_days: 7,
    },
  }),
  exportGstr1: async () => ({ url: '/api/admin/tax/gstr1?month=2026-11&section=b2cs' }),
  exportGstr1Zip: async () => ({ url: '/api/admin/tax/gstr1/zip?month=2026-11' }),
  listBackups: async () => ({ url: '/api/admin/backups' }),
  createBackup: async () => ({ url: '/api/admin/backups' }),
  downloadBackup: async () => {
    sampleBackup ??= createBackup(t.database, { dataDir: t.config.dataDir, reason: 'manual' });
    return { url: `/api/admin/backups/${path.basename((await sampleBackup).path)}` };
  },
  orderCreditNotes: async (db) => ({
    url: `/api/admin/orders/${(await seedInvoice(db, sampleInvoice(++serial))).orderId}/credit-notes`,
  }),
  creditNotePdf: async (db) => {
    const invoice = await seedInvoice(db, sampleInvoice(++serial));
    const note = await seedCreditNote(db, invoice, {
      ...sampleInvoice(serial),
      number: `CN/26-27/${serial}`,
    });
    return { url: `/api/admin/credit-notes/${note.id}` };
  },
  deliveryChallanPdf: async (db) => {
    const invoice = await seedInvoice(db, sampleInvoice(++serial));
    const challan = await seedDeliveryChallan(db, invoice, {
      ...sampleInvoice(serial),
      number: `DC/26-27/${serial}`,
    });
    return { url: `/api/admin/delivery-challans/${challan.id}` };
  },
};

/** The orders' endpoints: each on an order of its own, in the stage the action needs. */
function ordersSamples() {
  const order = async (db: Db, stage: 'pending' | 'processing' | 'shipped' = 'processing') => {
    const user = await createUser(db);
    const productId = await createProduct(db, { sizes: { M: 5 } });
    const { id } = await createOrder(db, {
      userId: user.id,
      items: [{ productId, size: 'M', quantity: 1 }],
      paymentStatus: stage === 'pending' ? 'UNPAID' : 'SUCCESS',
    });
    if (stage === 'shipped') {
      await db
        .update(orders)
        .set({ orderStatus: 'Shipped', shippedAt: new Date() })
        .where(eq(orders.id, id));
    }
    return id;
  };
  /** A paid order with its tax invoice issued (as shipping it would). */
  const invoiced = async (db: Db) => {
    const id = await order(db);
    await db.transaction((tx) => issueInvoice(tx, id, null, new Date()));
    return id;
  };
  /** A paid order above ₹50,000 (40 jerseys at ₹1,499), which needs an e-way bill. */
  const large = async (db: Db) => {
    const user = await createUser(db);
    const productId = await createProduct(db, { sizes: { M: 50 } });
    const { id } = await createOrder(db, {
      userId: user.id,
      items: [{ productId, size: 'M', quantity: 40 }],
      paymentStatus: 'SUCCESS',
    });
    return id;
  };
  const largeInvoiced = async (db: Db) => {
    const id = await large(db);
    await db.transaction((tx) => issueInvoice(tx, id, null, new Date()));
    return id;
  };
  /** An order above ₹50,000 whose e-way bill the fake portal generated a moment ago. */
  const withEwayBill = async (db: Db) => {
    const id = await largeInvoiced(db);
    const request = await ewayBillRequest(db, id, t.config.ewbTransporter);
    const generated = await createNicEwb(ewbConfigOf(ewbFake)).generate(
      request.gstin,
      request.bill,
    );
    await db.transaction((tx) =>
      recordGenerated(tx, id, request.documentId, request.bill, generated),
    );
    return id;
  };
  /** An order with a shipment in this state (a sandbox one with its failed delivery posted). */
  const shipped = async (db: Db, courier: 'manual' | 'sandbox', state: string) => {
    const id = await order(db);
    const awb = courier === 'sandbox' ? `SBX${String(id).padStart(8, '0')}01` : `EE${id}IN`;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO shipments (order_id, courier, reference, state, awb, courier_name,
            weight_grams, ndr_reason, ndr_at, ndr_attempts)
          VALUES (${id}, ${courier}, ${`KR-${id}-1`}, ${state}, ${awb}, 'Test courier', 300,
            ${state === 'delivery_failed' ? 'Consignee not available' : null},
            ${state === 'delivery_failed' ? new Date().toISOString() : null}::timestamptz,
            ${state === 'delivery_failed' ? 1 : 0})
          RETURNING id`,
    );
    if (courier === 'sandbox') {
      await db.execute(
        sql`INSERT INTO sandbox_courier_events (awb, state, due_at, posted_at)
            VALUES (${awb}, ${state}, now(), now())`,
      );
    }
    return { orderId: id, shipmentId: row!.id };
  };
  return {
    orderShippingLabels: async (db: Db) => ({
      url: `/api/admin/orders/labels?ids=${(await shipped(db, 'manual', 'booked')).orderId}`,
    }),
    listOrderShipments: async (db: Db) => ({
      url: `/api/admin/orders/${await order(db)}/shipments`,
    }),
    shipWithCourier: async (db: Db) => ({
      url: `/api/admin/orders/${await order(db)}/shipments`,
      payload: { courier: 'sandbox' },
    }),
    cancelShipment: async (db: Db) => ({
      url: `/api/admin/shipments/${(await shipped(db, 'manual', 'booked')).shipmentId}/cancel`,
    }),
    listFailedDeliveries: async () => ({ url: '/api/admin/deliveries/failed' }),
    answerFailedDelivery: async (db: Db) => ({
      url: `/api/admin/shipments/${(await shipped(db, 'sandbox', 'delivery_failed')).shipmentId}/failed-delivery`,
      payload: { action: 'reattempt', note: 'Call before coming' },
    }),
    listAdminOrders: async () => ({ url: '/api/admin/orders?status=to-pack&q=Test&limit=5' }),
    exportAdminOrders: async () => ({ url: '/api/admin/orders/export?payment=SUCCESS' }),
    exportB2bSales: async () => ({ url: '/api/admin/tax/b2b-sales?month=2026-11' }),
    adminOrderTotals: async () => ({ url: '/api/admin/orders/totals?wholesale=1' }),
    issueAdminOrderInvoice: async (db: Db) => ({
      url: `/api/admin/orders/${await large(db)}/invoice`,
    }),
    setAdminOrderEwayBill: async (db: Db) => {
      const id = await large(db);
      await db.transaction((tx) => issueInvoice(tx, id, null, new Date()));
      return {
        url: `/api/admin/orders/${id}/eway-bill`,
        payload: { eway_bill_number: '181234567890' },
      };
    },
    // E-way bills (decision 072): NIC's JSON of an invoiced order above ₹50,000, the Tax
    // page's list and bulk file; generated, cancelled and Part B through the fake portal.
    orderEwayBillJson: async (db: Db) => ({
      url: `/api/admin/orders/${await largeInvoiced(db)}/eway-bill.json`,
    }),
    ewayBillsJson: async (db: Db) => ({
      url: `/api/admin/tax/eway-bills.json?ids=${await largeInvoiced(db)},${await largeInvoiced(db)}`,
    }),
    pendingEwayBills: async () => ({ url: '/api/admin/tax/eway-bills/pending' }),
    generateEwayBill: async (db: Db) => ({
      url: `/api/admin/orders/${await large(db)}/eway-bill/generate`,
    }),
    cancelEwayBill: async (db: Db) => ({
      url: `/api/admin/orders/${await withEwayBill(db)}/eway-bill/cancel`,
      payload: { reason: '1', remark: 'Generated twice' },
    }),
    updateEwayBillPartB: async (db: Db) => ({
      url: `/api/admin/orders/${await withEwayBill(db)}/eway-bill/part-b`,
      payload: { vehicle_no: 'KL11AB1234', reason: '4', remark: 'First time' },
    }),
    orderPackingSlips: async (db: Db) => ({
      url: `/api/admin/orders/packing-slips?ids=${await order(db)}`,
    }),
    getAdminOrder: async (db: Db) => ({ url: `/api/admin/orders/${await order(db)}` }),
    orderInvoices: async (db: Db) => ({
      url: `/api/admin/orders/invoices?ids=${await invoiced(db)}`,
    }),
    orderInvoice: async (db: Db) => ({ url: `/api/admin/orders/${await invoiced(db)}/invoice` }),
    pendingEInvoices: async () => ({ url: '/api/admin/tax/e-invoices/pending' }),
    // A pending e-invoice: sent again, the fake IRP refuses a B2C document (no buyer GSTIN).
    registerEInvoice: async (db: Db) => {
      const id = await invoiced(db);
      await db.execute(
        sql`INSERT INTO e_invoices (document_id) SELECT id FROM tax_documents
            WHERE order_id = ${id} AND kind = 'invoice'`,
      );
      return { url: `/api/admin/orders/${id}/e-invoice/register` };
    },
    // An IRN the fake IRP registered a minute ago, canceled within its 24 hours.
    cancelEInvoice: async (db: Db) => {
      const id = await invoiced(db);
      const [doc] = await queryRows<{ id: number; number: string; issued_at: Date }>(
        db,
        sql`SELECT id, number, issued_at FROM tax_documents WHERE order_id = ${id}`,
      );
      const r = irpFake.seed(TEST_SHOP_GSTIN, doc!.number, nicDate(new Date(doc!.issued_at)));
      await db.execute(
        sql`INSERT INTO e_invoices (document_id, status, irn, ack_no, ack_at, signed_qr_code)
            VALUES (${doc!.id}, 'registered', ${r.irn}, ${r.ackNo}, ${r.ackAt}, ${r.signedQrCode})`,
      );
      return {
        url: `/api/admin/orders/${id}/e-invoice/cancel`,
        payload: { reason: '2', remark: 'Wrong quantity' },
      };
    },
    packAdminOrders: async (db: Db) => ({
      url: '/api/admin/orders/pack',
      payload: { order_ids: [await order(db)] },
    }),
    shipAdminOrder: async (db: Db) => ({
      url: `/api/admin/orders/${await order(db)}/ship`,
      payload: { courier_name: 'India Post', tracking_id: `EE${++serial}IN` },
    }),
    deliverAdminOrder: async (db: Db) => ({
      url: `/api/admin/orders/${await order(db, 'shipped')}/deliver`,
    }),
    // Unpaid: a paid order's cancellation also sends its refund, which the refunds' tests cover.
    cancelAdminOrder: async (db: Db) => ({
      url: `/api/admin/orders/${await order(db, 'pending')}/cancel`,
      payload: { reason: 'Shopper asked by phone' },
    }),
    addAdminOrderNote: async (db: Db) => ({
      url: `/api/admin/orders/${await order(db)}/notes`,
      payload: { note: 'Gift wrap, please.' },
    }),
  } satisfies Partial<Record<AdminEndpointName, (db: Db) => Promise<Sample>>>;
}

/** Kit launches' endpoints: each change on a launch of its own (decision 070). */
function launchSamples() {
  const input = async (db: Db) => ({
    name: `Sample launch ${++serial}`,
    starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    limits_until: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    per_fan_limit: 2,
    cod_allowed: false,
    hold_minutes: 10,
    product_ids: [await createProduct(db)],
  });
  return {
    listLaunches: async () => ({ url: '/api/admin/launches' }),
    getLaunch: async (db: Db) => ({ url: `/api/admin/launches/${(await createLaunch(db)).id}` }),
    createLaunch: async (db: Db) => ({ url: '/api/admin/launches', payload: await input(db) }),
    updateLaunch: async (db: Db) => ({
      url: `/api/admin/launches/${(await createLaunch(db)).id}`,
      payload: await input(db),
    }),
    cancelLaunch: async (db: Db) => ({
      url: `/api/admin/launches/${(await createLaunch(db)).id}/cancel`,
    }),
  } satisfies Partial<Record<AdminEndpointName, (db: Db) => Promise<Sample>>>;
}

/** The catalogue's endpoints (products, pictures, stock, categories). */
function giveawaySamples() {
  const input = () => ({
    title: 'Signed derby jersey',
    slug: `sample-giveaway-${++serial}`,
    rules: 'One entry per shopper.',
    starts_at: '2026-12-01T10:00:00+05:30',
    ends_at: '2026-12-08T22:00:00+05:30',
    product_ids: [],
  });
  return {
    listGiveaways: async () => ({ url: '/api/admin/giveaways' }),
    getGiveaway: async (db: Db) => ({
      url: `/api/admin/giveaways/${(await createGiveaway(db)).id}`,
    }),
    createGiveaway: async () => ({ url: '/api/admin/giveaways', payload: input() }),
    updateGiveaway: async (db: Db) => ({
      url: `/api/admin/giveaways/${(await createGiveaway(db)).id}`,
      payload: input(),
    }),
    uploadGiveawayPicture: async (db: Db) => ({
      url: `/api/admin/giveaways/${(await createGiveaway(db)).id}/picture`,
      ...multipartFile(await pngPicture(60, 60)),
    }),
    drawGiveaway: async (db: Db) => {
      const giveaway = await createGiveaway(db, { when: 'ended' });
      await addEntry(db, giveaway.id);
      return { url: `/api/admin/giveaways/${giveaway.id}/draw` };
    },
  } satisfies Partial<Record<AdminEndpointName, (db: Db) => Promise<Sample>>>;
}

function catalogueSamples() {
  const product = (db: Db) => createProduct(db, { sizes: { M: 5 } });
  return {
    listProducts: async () => ({ url: '/api/admin/products?status=active&limit=5' }),
    catalogueChoices: async () => ({ url: '/api/admin/catalogue/choices' }),
    getProduct: async (db: Db) => ({ url: `/api/admin/products/${await product(db)}` }),
    createProduct: async (db: Db) => ({
      url: '/api/admin/products',
      payload: {
        name: `Sample ${++serial}`,
        price_paise: 149_900,
        discount_price_paise: 129_900,
        category_id: await ensureCategory(db, 'Club Jerseys'),
        sizes: [{ size: 'M', stock: 2 }],
      },
    }),
    updateProduct: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}`,
      payload: { tag: 'sample' },
    }),
    uploadPicture: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}/pictures/image1`,
      ...multipartFile(await pngPicture(60, 60)),
    }),
    arrangePictures: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}/pictures`,
      payload: { order: ['image1', 'image_url', 'image2'] },
    }),
    removePicture: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}/pictures/image2`,
    }),
    setPrinting: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}/printing`,
      payload: {
        enabled: true,
        name_paise: 30000,
        number_paise: 20000,
        patch_paise: null,
        colour: '#FFFFFF',
      },
    }),
    adjustStock: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}/stock`,
      payload: { size: 'M', delta: 1, reason: 'restock' },
    }),
    stockHistory: async (db: Db) => ({ url: `/api/admin/products/${await product(db)}/stock` }),
    listCategories: async () => ({ url: '/api/admin/categories' }),
    createCategory: async () => ({
      url: '/api/admin/categories',
      payload: { name: `Category ${++serial}` },
    }),
    renameCategory: async (db: Db) => ({
      url: `/api/admin/categories/${await ensureCategory(db, `Old ${++serial}`)}`,
      payload: { name: `Renamed ${++serial}` },
    }),
    deleteCategory: async (db: Db) => ({
      url: `/api/admin/categories/${await ensureCategory(db, `Unused ${++serial}`)}`,
    }),
    createSubCategory: async (db: Db) => ({
      url: '/api/admin/sub-categories',
      payload: { category_id: await ensureCategory(db, 'Club Jerseys'), name: `Sub ${++serial}` },
    }),
    renameSubCategory: async (db: Db) => ({
      url: `/api/admin/sub-categories/${await subCategory(db)}`,
      payload: { name: `Renamed ${++serial}` },
    }),
    deleteSubCategory: async (db: Db) => ({
      url: `/api/admin/sub-categories/${await subCategory(db)}`,
    }),
    backInStockWaiting: async (db: Db) => ({
      url: `/api/admin/products/${await product(db)}/back-in-stock`,
    }),
    listSizeCharts: async () => ({ url: '/api/admin/size-charts' }),
    createSizeChart: async () => ({
      url: '/api/admin/size-charts',
      payload: sizeChartSample(),
    }),
    updateSizeChart: async (db: Db) => ({
      url: `/api/admin/size-charts/${await sizeChart(db)}`,
      payload: sizeChartSample(),
    }),
    setCategorySizeChart: async (db: Db) => ({
      url: `/api/admin/categories/${await ensureCategory(db, 'Club Jerseys')}/size-chart`,
      payload: { size_chart_id: await sizeChart(db) },
    }),
  } satisfies Partial<Record<AdminEndpointName, (db: Db) => Promise<Sample>>>;
}

function sizeChartSample() {
  return {
    name: `Chart ${++serial}`,
    fit_note: 'Runs true to size.',
    rows: [{ size: 'M', chest_cm: 100, length_cm: 72 }],
  };
}

async function sizeChart(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO size_charts (name, fit_note, rows)
        VALUES (${`Chart ${++serial}`}, '', '[]'::jsonb) RETURNING id`,
  );
  return row!.id;
}

async function subCategory(db: Db): Promise<number> {
  return ensureSubCategory(db, await ensureCategory(db, 'Club Jerseys'), `Sub ${++serial}`);
}

const ENDPOINTS = Object.entries(adminEndpoints) as [AdminEndpointName, AdminEndpoint][];
const GUARDED = ENDPOINTS.filter(([, e]) => e.access !== 'public' && e.access !== 'second-factor');

let t: TestApp;
let irpFake: FakeIrp;
let ewbFake: FakeEwb;
let origin: string;

beforeAll(async () => {
  irpFake = await startFakeIrp({ gstins: [TEST_SHOP_GSTIN] });
  ewbFake = await startFakeEwb({ now: new Date(), gstins: [TEST_SHOP_GSTIN] });
  t = await startTestApp({ ...irpEnv(irpFake), ...ewbEnv(ewbFake) });
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(async () => {
  await t?.close();
  await irpFake?.close();
  await ewbFake?.close();
});

async function call(endpoint: AdminEndpoint, sample: Sample, cookie?: string) {
  return t.app.inject({
    method: endpoint.method,
    url: sample.url,
    headers: { origin, ...sample.headers, ...(cookie ? { cookie } : {}) },
    ...(sample.payload ? { payload: sample.payload } : {}),
  });
}

const auditCount = async () => Number((await t.db.select({ n: count() }).from(auditLog))[0]?.n);

describe('the back-office permission table', () => {
  it('registers every endpoint of the table, and this file covers each', () => {
    const registered = new Set(t.routes.map((r) => `${String(r.method)} ${r.url}`));
    for (const [name, e] of ENDPOINTS) {
      expect(registered, name).toContain(`${e.method} ${e.path}`);
      expect(SAMPLES[name], name).toBeDefined();
    }
  });

  describe.each(GUARDED)('%s', (name, endpoint) => {
    it('responds 401 without a session, with a shopper’s, and with a pending one', async () => {
      const shopper = await loggedInUser(t.db);
      const pendingOf = await createStaff(t.db, 'owner');
      const pending = `${STAFF_COOKIE}=${await startStaffSession(t.db, pendingOf.id, true)}`;
      for (const cookie of [undefined, shopper.cookie, 'staff=not-a-session', pending]) {
        const res = await call(endpoint, await SAMPLES[name](t.db), cookie);
        expect(res.statusCode, `${cookie}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    });

    it.each(STAFF_ROLES)(
      'as %s: allowed exactly when the role has the permission',
      async (role) => {
        const member = await createStaff(t.db, role);
        const sample = await SAMPLES[name](t.db);
        const before = await auditCount();
        const res = await call(endpoint, sample, member.cookie);
        const allowed = roleMayCall(role, endpoint.access);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(sample.okStatus ?? 200);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toEqual({ error: 'Your role does not allow this.' });
          expect(await auditCount()).toBe(before);
        }
      },
    );

    it('refuses even a bad request from a role without the permission with 403', async () => {
      const packer = await createStaff(t.db, 'packer');
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(':id', 'not-an-id'),
        headers: { origin, cookie: packer.cookie },
        ...(endpoint.method === 'GET' ? {} : { payload: { nonsense: true } }),
      });
      const allowed = roleMayCall('packer', endpoint.access);
      expect(res.statusCode).toBe(allowed ? res.statusCode : 403);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  // OPERATIONS.md: packers pack, ship and count stock; no money (totals, payments, refunds,
  // invoices, credit notes) and no notes. Written out, so that a new endpoint or a widened
  // permission changes this list on purpose.
  it('lets a packer call exactly the endpoints of parcels and stock', () => {
    const packerMay = GUARDED.filter(
      ([, e]) => e.access !== 'signed-in' && roleMayCall('packer', e.access),
    ).map(([name]) => name);
    expect(packerMay.sort()).toEqual(
      [
        'listAdminOrders',
        'exportAdminOrders',
        'orderPackingSlips',
        'packAdminOrders',
        'getAdminOrder',
        'shipAdminOrder',
        'issueAdminOrderInvoice',
        'setAdminOrderEwayBill',
        'orderEwayBillJson',
        'generateEwayBill',
        'updateEwayBillPartB',
        'deliverAdminOrder',
        'listProducts',
        'catalogueChoices',
        'getProduct',
        'adjustStock',
        'stockHistory',
        // The launch schedule: which jerseys drop when, to have their stock ready.
        'listLaunches',
        'getLaunch',
        'listCategories',
        'exportCatalogueCsv',
        'listTeams',
        'listPlayers',
        'listReturns',
        'getReturn',
        'receiveReturn',
        'shipReplacement',
        'shipReplacementWithCourier',
        'bookReturnPickup',
        'replacementLabel',
        'replacementPackingSlip',
        'deliveryChallanPdf',
        'orderShippingLabels',
        'listOrderShipments',
        'shipWithCourier',
        'cancelShipment',
        'listFailedDeliveries',
        'answerFailedDelivery',
        'listSizeCharts',
        'backInStockWaiting',
      ].sort(),
    );
  });

  it('keeps the second factor for pending sessions only', async () => {
    const owner = await createStaff(t.db, 'owner');
    const sample = await SAMPLES.secondFactor(t.db);
    const full = await call(adminEndpoints.secondFactor, sample, owner.cookie);
    expect(full.statusCode).toBe(403);
    const none = await call(adminEndpoints.secondFactor, sample);
    expect(none.statusCode).toBe(401);
  });
});
