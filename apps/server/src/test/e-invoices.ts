// E-invoicing in tests (decision 068): the app's environment pointed at a local fake IRP, the
// shop put above the ₹5 crore threshold, and a product given a 6-digit HSN code.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { FakeIrp } from './irp-fake.js';

/** IRP_* for startTestApp: NIC's adapter talking to the fake. */
export function irpEnv(fake: FakeIrp): Record<string, string> {
  return {
    IRP_API_BASE: fake.url,
    IRP_CLIENT_ID: fake.clientId,
    IRP_CLIENT_SECRET: fake.clientSecret,
    IRP_USERNAME: fake.username,
    IRP_PASSWORD: fake.password,
    IRP_PUBLIC_KEY: fake.publicKey,
    IRP_SIGNING_PUBLIC_KEY: fake.signingPublicKey,
  };
}

/** The owner states a turnover (rupees; null: not stated). */
export async function setTurnover(db: Db, rupees: number | null): Promise<void> {
  await db.execute(sql`UPDATE shop_settings SET highest_aato_rupees = ${rupees} WHERE id = 1`);
}

export async function setHsn(db: Db, productId: number, hsn: string): Promise<void> {
  await db.execute(sql`UPDATE products SET hsn_code = ${hsn} WHERE id = ${productId}`);
}
