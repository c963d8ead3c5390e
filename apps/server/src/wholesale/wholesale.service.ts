// Wholesale rules: a user's application status, and one application per user checked with
// the spec's rules (the same schema the web form uses, answering the same texts).
import {
  WholesaleApplication,
  WholesaleStatus,
  WHOLESALE_NOT_APPLIED_MESSAGE,
  WHOLESALE_STATUS_MESSAGES,
  type WholesaleResponse,
} from '@kitroom/contract';
import type { Queryable } from '../db/client.js';
import { Invalid } from '../domain-errors.js';
import * as q from './wholesale.queries.js';

function answer(status: string | undefined): WholesaleResponse {
  if (status === undefined) return { code: 0, message: WHOLESALE_NOT_APPLIED_MESSAGE };
  const known = WholesaleStatus.parse(status);
  return { code: 100, status: known, message: WHOLESALE_STATUS_MESSAGES[known] };
}

/** code 0 (with its message) when the user has not applied; otherwise code 100 with their status's message. */
export async function applicationStatus(db: Queryable, userId: number): Promise<WholesaleResponse> {
  return answer(await q.applicationStatus(db, userId));
}

/**
 * Stores the user's application after checking it; a user who has already applied gets
 * their current status and nothing changes.
 */
export async function apply(
  db: Queryable,
  userId: number,
  fields: Record<string, unknown>,
): Promise<WholesaleResponse> {
  const parsed = WholesaleApplication.safeParse(fields);
  if (!parsed.success) {
    throw new Invalid(parsed.error.issues[0]?.message ?? 'The application is not valid.');
  }
  const a = parsed.data;
  await q.insertApplication(db, {
    userId,
    shopName: a.shop_name,
    shopLocation: a.shop_location,
    gst: a.gst,
    requestingPerson: a.requesting_person,
    contactNumber: a.contact_number,
    aboutShop: a.about_shop,
  });
  return answer(await q.applicationStatus(db, userId));
}
