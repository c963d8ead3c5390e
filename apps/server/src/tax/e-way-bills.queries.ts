// SQL of e-way bills (schema: e_way_bills, decision 072): the bill generated through NIC's
// API or typed from the portal, its cancel and Part B, the order's active one, and the Tax
// page's list of invoices above ₹50,000 that still have none.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface EwayBillRow {
  id: number;
  order_id: number;
  document_id: number;
  number: string;
  source: 'api' | 'typed';
  status: 'active' | 'cancelled';
  generated_at: Date | string;
  valid_until: Date | string | null;
  vehicle_no: string | null;
  part_b_at: Date | string | null;
  cancel_reason: string | null;
  cancelled_at: Date | string | null;
  /** From the JSON sent (API bills): the shop's GSTIN, where the goods left from. */
  user_gstin: string | null;
  from_place: string | null;
  from_state_code: number | null;
}

const COLUMNS = sql`id, order_id, document_id, number, source, status, generated_at, valid_until,
  vehicle_no, part_b_at, cancel_reason, cancelled_at, request->>'userGstin' AS user_gstin,
  request->>'fromPlace' AS from_place, (request->>'fromStateCode')::int AS from_state_code`;

/** The order's e-way bills, the active one (if any) first, then the newest. */
export async function ewayBillsOfOrder(db: Queryable, orderId: number): Promise<EwayBillRow[]> {
  return queryRows<EwayBillRow>(
    db,
    sql`SELECT ${COLUMNS} FROM e_way_bills WHERE order_id = ${orderId}
        ORDER BY (status = 'active') DESC, id DESC`,
  );
}

export interface NewEwayBill {
  orderId: number;
  documentId: number;
  number: string;
  source: 'api' | 'typed';
  generatedAt: Date;
  validUntil: Date | null;
  request: unknown;
  vehicleNo: string | null;
}

export async function insertEwayBill(db: Queryable, b: NewEwayBill): Promise<void> {
  await db.execute(
    sql`INSERT INTO e_way_bills (order_id, document_id, number, source, generated_at,
               valid_until, request, vehicle_no)
        VALUES (${b.orderId}, ${b.documentId}, ${b.number}, ${b.source}, ${b.generatedAt},
                ${b.validUntil}, ${b.request === null ? null : JSON.stringify(b.request)}::jsonb,
                ${b.vehicleNo})`,
  );
}

/** A typed number corrected before the order ships (the row stays the same bill's). */
export async function retypeEwayBill(
  db: Queryable,
  id: number,
  number: string,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE e_way_bills SET number = ${number}, generated_at = ${at}
        WHERE id = ${id} AND source = 'typed' AND status = 'active'`,
  );
}

export async function markCancelled(
  db: Queryable,
  id: number,
  reason: string,
  remark: string,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE e_way_bills SET status = 'cancelled', cancel_reason = ${reason},
               cancel_remark = ${remark}, cancelled_at = ${at}
        WHERE id = ${id} AND status = 'active'`,
  );
}

export async function setPartB(
  db: Queryable,
  id: number,
  vehicleNo: string,
  at: Date,
  validUntil: Date | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE e_way_bills SET vehicle_no = ${vehicleNo}, part_b_at = ${at},
               valid_until = COALESCE(${validUntil}, valid_until)
        WHERE id = ${id} AND status = 'active'`,
  );
}

export interface MissingRow {
  order_id: number;
  number: string;
  issued_at: Date | string;
  total_paise: number;
  order_status: string;
  buyer_gstin: string | null;
}

/**
 * Invoices above the threshold whose order is invoiced and not canceled (ready to ship or
 * shipped) and has no e-way bill number, oldest first.
 */
export async function invoicesWithoutEwayBill(
  db: Queryable,
  abovePaise: number,
  limit: number,
): Promise<MissingRow[]> {
  return queryRows<MissingRow>(
    db,
    sql`SELECT d.order_id, d.number, d.issued_at, d.total_paise, o.order_status,
               d.buyer->>'gstin' AS buyer_gstin
        FROM tax_documents d JOIN orders o ON o.id = d.order_id
        WHERE d.kind = 'invoice' AND d.total_paise > ${abovePaise}
          AND o.eway_bill_number IS NULL AND o.order_status IN ('Processing', 'Shipped')
        ORDER BY d.issued_at, d.id LIMIT ${limit}`,
  );
}
