// SQL of wholesale applications: one per user.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

export async function applicationStatus(
  db: Queryable,
  userId: number,
): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    db,
    sql`SELECT status FROM wholesale_applications WHERE user_id = ${userId}`,
  );
  return row?.status;
}

export interface ApplicationValues {
  userId: number;
  shopName: string;
  shopLocation: string;
  gst: string | null;
  requestingPerson: string;
  contactNumber: string;
  aboutShop: string;
}

/** Inserts the application unless the user has one; true when this call stored it. */
export async function insertApplication(db: Queryable, v: ApplicationValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO wholesale_applications
          (user_id, shop_name, shop_location, gst, requesting_person, contact_number, about_shop)
        VALUES (${v.userId}, ${v.shopName}, ${v.shopLocation}, ${v.gst}, ${v.requestingPerson},
                ${v.contactNumber}, ${v.aboutShop})
        ON CONFLICT (user_id) DO NOTHING
        RETURNING id`,
  );
  return rows.length > 0;
}

// ── the back office ──

export interface AdminApplicationRow {
  id: number;
  shop_name: string;
  shop_location: string;
  gst: string | null;
  requesting_person: string;
  contact_number: string;
  about_shop: string;
  status: string;
  created_at: Date | string;
  user_id: number;
  user_name: string;
  user_email: string;
}

/** Applications newest first (by id, the cursor), with the applying shopper. */
export async function listApplications(
  db: Queryable,
  f: { status?: string; beforeId?: number; limit: number },
): Promise<AdminApplicationRow[]> {
  const status = f.status === undefined ? sql`` : sql`AND w.status = ${f.status}`;
  const before = f.beforeId === undefined ? sql`` : sql`AND w.id < ${f.beforeId}`;
  return queryRows<AdminApplicationRow>(
    db,
    sql`SELECT w.id, w.shop_name, w.shop_location, w.gst, w.requesting_person, w.contact_number,
               w.about_shop, w.status, w.created_at, w.user_id, u.name AS user_name,
               u.email AS user_email
        FROM wholesale_applications w JOIN users u ON u.id = w.user_id
        WHERE TRUE ${status} ${before}
        ORDER BY w.id DESC LIMIT ${f.limit}`,
  );
}
