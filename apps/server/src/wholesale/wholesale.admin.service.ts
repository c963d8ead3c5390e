// Wholesale applications as staff read them. Approving a shop and its prices come with the
// wholesale issue; until then the list is read-only.
import { WholesaleStatus } from '@kitroom/contract';
import type {
  WholesaleApplicationListResponse,
  WholesaleApplicationQuery,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/client.js';
import * as q from './wholesale.queries.js';

/** A page of applications, newest first; `next_before` pages on. */
export async function listApplications(
  db: Queryable,
  query: z.output<typeof WholesaleApplicationQuery>,
): Promise<WholesaleApplicationListResponse> {
  const rows = await q.listApplications(db, {
    status: query.status,
    beforeId: query.before,
    limit: query.limit,
  });
  const applications = rows.map((r) => ({
    id: r.id,
    shop_name: r.shop_name,
    shop_location: r.shop_location,
    gst: r.gst,
    requesting_person: r.requesting_person,
    contact_number: r.contact_number,
    about_shop: r.about_shop,
    status: WholesaleStatus.parse(r.status),
    created_at: new Date(r.created_at).toISOString(),
    user: { id: r.user_id, name: r.user_name, email: r.user_email },
  }));
  const last = applications.at(-1);
  return {
    applications,
    next_before: applications.length === query.limit && last ? last.id : null,
  };
}
