// Tax documents for tests that read them (the GSTR-1 export, the tax summary): invoices and
// credit notes inserted by SQL as if issued, each line's tax worked out here from its
// GST-inclusive total (taxable = total × 100 / (100 + rate), rounded; within the state CGST =
// SGST = half the tax rounded down, the taxable value taking the odd paisa, as the shop's).
// Never a production path: the shop issues documents through tax/invoices and credit notes.
import { GST_STATE_CODES, type IndianState } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { indianDayOf } from '../indian-days.js';
import { createProduct, createUser } from './factories.js';
import { createPaidOrder } from './order-factories.js';

export const SELLER = {
  legal_name: 'Kitroom Sports LLP',
  address: '12 Beach Road',
  city: 'Kozhikode',
  state: 'Kerala',
  state_code: '32',
  pincode: '673001',
  gstin: '32ABCDE1234F1Z5',
  phone: '9876543210',
  email: 'accounts@kitroom.example',
};

export interface SeedLine {
  kind?: 'goods' | 'shipping';
  hsn?: string;
  quantity: number;
  /** GST included, before the coupon. */
  unitPricePaise: number;
  discountPaise?: number;
  rateBp: number;
}

export interface SeedDocument {
  number: string;
  /** An instant: '2026-11-05T06:00:00Z'. */
  issuedAt: string;
  /** The place of supply (the delivery state). */
  state: IndianState;
  buyerName?: string;
  buyerGstin?: string | null;
  lines: SeedLine[];
}

export interface SeededDocument {
  id: number;
  orderId: number;
  totalPaise: number;
}

function financialYearOf(at: Date): string {
  const [y, m] = indianDayOf(at).split('-').map(Number) as [number, number];
  const first = m >= 4 ? y : y - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

function lineAmounts(line: SeedLine, intra: boolean) {
  const value = line.quantity * line.unitPricePaise;
  const discount = line.discountPaise ?? 0;
  const total = value - discount;
  const rounded = Math.round((total * 10_000) / (10_000 + line.rateBp));
  const tax = total - rounded;
  const cgst = intra ? Math.floor(tax / 2) : 0;
  return {
    value,
    discount,
    total,
    taxable: intra ? total - 2 * cgst : rounded,
    cgst,
    sgst: cgst,
    igst: intra ? 0 : tax,
  };
}

async function insertDocument(
  db: Db,
  kind: 'invoice' | 'credit_note' | 'delivery_challan',
  orderId: number,
  invoiceId: number | null,
  doc: SeedDocument,
): Promise<SeededDocument> {
  const at = new Date(doc.issuedAt);
  const intra = doc.state === SELLER.state;
  const lines = doc.lines.map((l) => ({ ...l, ...lineAmounts(l, intra) }));
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
    lines.reduce((s, l) => s + l[k], 0);
  const code = GST_STATE_CODES[doc.state];
  const buyer = {
    name: doc.buyerName ?? 'Test Shopper',
    address: 'Test Street',
    city: 'Test City',
    state: doc.state,
    state_code: code,
    pincode: '600001',
    phone: '9876543210',
    ...(doc.buyerGstin ? { gstin: doc.buyerGstin } : {}),
  };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO tax_documents (kind, number, financial_year, serial, order_id, invoice_id,
          issued_at, seller, buyer, buyer_gstin, place_of_supply, place_of_supply_code,
          supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
        VALUES (${kind}, ${doc.number}, ${financialYearOf(at)},
          ${Number(doc.number.replace(/^.*\//, ''))}, ${orderId}, ${invoiceId},
          ${at.toISOString()}::timestamptz, ${JSON.stringify(SELLER)}::jsonb,
          ${JSON.stringify(buyer)}::jsonb, ${doc.buyerGstin ?? null}, ${doc.state}, ${code},
          ${intra ? 'intra' : 'inter'}, ${sum('taxable')}, ${sum('cgst')}, ${sum('sgst')},
          ${sum('igst')}, ${sum('total')})
        RETURNING id`,
  );
  const id = row!.id;
  for (const [i, l] of lines.entries()) {
    await db.execute(
      sql`INSERT INTO tax_document_lines (document_id, line_no, kind, description, hsn, quantity,
            unit_price_paise, value_paise, discount_paise, taxable_paise, rate_bp,
            cgst_paise, sgst_paise, igst_paise, total_paise)
          VALUES (${id}, ${i + 1}, ${l.kind ?? 'goods'},
            ${l.kind === 'shipping' ? 'Shipping' : 'Test Jersey'}, ${l.hsn ?? '6109'},
            ${l.quantity}, ${l.unitPricePaise}, ${l.value}, ${l.discount}, ${l.taxable},
            ${l.rateBp}, ${l.cgst}, ${l.sgst}, ${l.igst}, ${l.total})`,
    );
  }
  return { id, orderId, totalPaise: sum('total') };
}

/** An invoice as issued, on an order of its own. */
export async function seedInvoice(db: Db, doc: SeedDocument): Promise<SeededDocument> {
  const user = await createUser(db);
  const productId = await createProduct(db);
  const order = await createPaidOrder(db, {
    userId: user.id,
    items: [{ productId, size: 'M', quantity: 1 }],
  });
  return insertDocument(db, 'invoice', order.id, null, doc);
}

/** A credit note as issued against an invoice (same buyer and place of supply). */
export async function seedCreditNote(
  db: Db,
  invoice: SeededDocument,
  doc: SeedDocument,
): Promise<SeededDocument> {
  return insertDocument(db, 'credit_note', invoice.orderId, invoice.id, doc);
}

/** A delivery challan against an invoice (the permission table's sample: its amounts as seeded). */
export async function seedDeliveryChallan(
  db: Db,
  invoice: SeededDocument,
  doc: SeedDocument,
): Promise<SeededDocument> {
  return insertDocument(db, 'delivery_challan', invoice.orderId, invoice.id, doc);
}
