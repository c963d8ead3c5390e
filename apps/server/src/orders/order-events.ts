// An order's timeline (OPERATIONS.md, Order lifecycle): every step is a row written in the
// transaction that takes it, saying what happened, who did it and when.
import { sql } from 'drizzle-orm';
import type { Queryable, ORDER_EVENT_TYPES } from '../db/index.js';
import { param, preparedStatement, queryRows } from '../db/index.js';

export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Who takes a step: a staff member, the shopper, the payment provider, or the shop itself. */
export type OrderActor =
  | { kind: 'staff'; staffId: number; ip: string | null }
  | { kind: 'shopper'; userId: number }
  | { kind: 'provider' }
  | { kind: 'system' };

export const PROVIDER: OrderActor = { kind: 'provider' };
export const SYSTEM: OrderActor = { kind: 'system' };

const insertEventStatement = preparedStatement(
  'order_event_insert',
  sql`INSERT INTO order_events (order_id, type, actor, staff_id, note, data, created_at)
      VALUES (${param('orderId', 'int')}, ${param('type', 'text')},
              ${param('actor', 'text')}, ${param('staffId', 'int')},
              ${param('note', 'text')}, ${param('data', 'jsonb')},
              ${param('at', 'timestamptz')})`,
);

export async function recordEvent(
  tx: Queryable,
  orderId: number,
  type: OrderEventType,
  actor: OrderActor,
  details: { note?: string; data?: Record<string, unknown>; at?: Date } = {},
): Promise<void> {
  const staffId = actor.kind === 'staff' ? actor.staffId : null;
  const at = (details.at ?? new Date()).toISOString();
  await insertEventStatement(tx, {
    orderId,
    type,
    actor: actor.kind,
    staffId,
    note: details.note ?? '',
    data: JSON.stringify(details.data ?? {}),
    at,
  });
}

export interface OrderEventRow {
  id: number;
  order_id: number;
  type: OrderEventType;
  actor: OrderActor['kind'];
  staff_id: number | null;
  staff_name: string | null;
  note: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The order's events, oldest first, with the staff member's name. */
export async function eventsOfOrder(db: Queryable, orderId: number): Promise<OrderEventRow[]> {
  return queryRows<OrderEventRow>(
    db,
    sql`SELECT e.id, e.order_id, e.type, e.actor, e.staff_id, s.name AS staff_name, e.note,
               e.data, e.created_at
        FROM order_events e LEFT JOIN staff s ON s.id = e.staff_id
        WHERE e.order_id = ${orderId} ORDER BY e.id`,
  );
}
