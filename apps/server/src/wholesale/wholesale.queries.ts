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
