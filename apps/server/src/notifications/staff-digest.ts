// The staff digest (issue 18): each morning, one mail to every active owner, manager and
// packer listing the paid orders waiting to be packed or shipped. Every server process tries
// at the digest time; the dedupe key `staff-digest:<day>:<staffId>` lets one mail per person
// per day into the outbox, and nothing is written on a day when nothing waits.
import type { Db } from '../db/index.js';
import { indianDayOf, indianMidnight } from '../indian-days.js';
import { enqueue } from './outbox.service.js';
import * as q from './staff-digest.queries.js';
import { staffDigest, type StaffDigestData } from './templates.js';

/** The most orders one digest lists; the rest are counted and linked. */
export const DIGEST_LIST_LIMIT = 50;

/** The back office's list of orders to pack. */
export const digestAdminUrl = (publicUrl: string) => `${publicUrl}/admin/orders?status=to-pack`;

/** The Indian day whose digest is due at `now` (its time has come), or null before that. */
export function digestDayDue(now: Date, minutesAfterMidnight: number): string | null {
  const day = indianDayOf(now);
  const since = now.getTime() - indianMidnight(day).getTime();
  return since >= minutesAfterMidnight * 60_000 ? day : null;
}

/** Writes `day`'s digest for each staff member who has none yet; returns how many. */
export async function enqueueStaffDigests(db: Db, publicUrl: string, day: string): Promise<number> {
  return db.transaction(async (tx) => {
    const total = await q.countOrdersWaiting(tx);
    if (total === 0) return 0;
    const orders = (await q.ordersWaiting(tx, DIGEST_LIST_LIMIT)).map((o) => ({
      id: Number(o.id),
      paid_at: new Date(o.paid_at).toISOString(),
      items: Number(o.items),
      state: o.packed ? ('to-ship' as const) : ('to-pack' as const),
    }));
    let written = 0;
    for (const s of await q.digestRecipients(tx)) {
      const data: StaffDigestData = {
        name: s.name,
        day,
        admin_url: digestAdminUrl(publicUrl),
        total,
        orders,
      };
      const id = await enqueue(tx, {
        template: staffDigest,
        recipient: s.email,
        data,
        dedupeKey: `staff-digest:${day}:${s.id}`,
      });
      if (id !== null) written += 1;
    }
    return written;
  });
}
