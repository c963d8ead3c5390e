// The built-in sandbox courier (decision 032): a courier that lives in our own database, for
// development, demos and tests. Booking gives a waybill and plans the parcel's tracking events
// (picked up, in transit, out for delivery, delivered — or a failed delivery when asked for),
// a step apart; a sweep (sandbox-sweep.ts) posts each due event to our webhook over HTTP with
// a token derived from the server's secret, as a real courier would over days.
//
// A failed first delivery is asked for by the consignee's name: one containing the word
// FAIL (any case, e.g. "Asha FAIL Menon") has the parcel's first delivery fail with
// "Consignee not available"; every later attempt succeeds.
//
// A return's pickup (bookPickup) is picked up from the shopper, carried and delivered at the
// shop a step apart; a shopper whose name contains FAIL is never found, and the courier
// cancels the pickup after its attempts, as Shiprocket's couriers do.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { orderPagePath } from '@kitroom/contract';
import { renderLabels, type ShippingLabel } from '../labels.js';
import {
  CourierError,
  type BookedParcel,
  type CourierProvider,
  type ParcelRequest,
  type PickupRequest,
  type Serviceability,
  type ShipmentState,
  type TrackingUpdate,
} from './courier.js';
import * as q from './sandbox.queries.js';

export const SANDBOX_COURIER_NAME = 'Kitroom Sandbox Courier';
export const SANDBOX_WEBHOOK_PATH = '/parcel-updates/sandbox';
export const SANDBOX_TOKEN_HEADER = 'x-sandbox-courier-token';
/** The time between two of a parcel's events by default: a demo's minute, not a day. */
export const SANDBOX_STEP_MS = 60_000;
export const FAILED_DELIVERY_REASON = 'Consignee not available';
export const FAILED_PICKUP_REASON = 'Pickup canceled: shopper not available after 3 attempts';

/** The name that asks for a failed first delivery (see the top of this file). */
export function asksForFailedDelivery(name: string): boolean {
  return /\bfail\b/i.test(name);
}

export interface SandboxCourierOptions {
  db: Db;
  /** SESSION_SECRET or the sandbox secret kept in DATA_DIR (payments/sandbox-secret.ts). */
  secretSeed: string;
  publicUrl: string;
  stepMs?: number;
  now?: () => Date;
  /** What a label shows of each waybill's parcel (ours: the shipment and its order). */
  labelData(awbs: readonly string[]): Promise<ShippingLabel[]>;
}

/** The body the sandbox posts for one event. */
const SandboxWebhook = z.object({
  event_id: z.string().min(1).max(80),
  awb: z.string().regex(/^SBX\d{10}$/),
  state: z.enum([
    'picked_up',
    'in_transit',
    'out_for_delivery',
    'delivered',
    'delivery_failed',
    'rto_initiated',
    'rto_delivered',
    'canceled',
  ]),
  occurred_at: z.iso.datetime(),
  location: z.string().max(200).nullable(),
  note: z.string().max(500).nullable(),
});
export type SandboxWebhook = z.infer<typeof SandboxWebhook>;

export interface SandboxCourier extends CourierProvider {
  readonly name: 'sandbox';
  /** The header a genuine post carries. */
  webhookHeaders(): Record<string, string>;
  readonly db: Db;
}

/** KR-<order>-<n> → 'SBX' and ten digits: the same reference always books the same waybill. */
export function waybillOf(reference: string): string {
  const m = /^KR-(\d{1,8})-(\d{1,2})$/.exec(reference);
  if (!m) throw new CourierError(`The reference ${reference} is not one of ours.`, false);
  return `SBX${m[1]!.padStart(8, '0')}${m[2]!.padStart(2, '0')}`;
}

export function createSandboxCourier(options: SandboxCourierOptions): SandboxCourier {
  const { db } = options;
  const step = options.stepMs ?? SANDBOX_STEP_MS;
  const now = options.now ?? (() => new Date());
  const token = createHmac('sha256', options.secretSeed)
    .update('kitroom sandbox courier webhook')
    .digest('base64url');
  const at = (from: Date, steps: number) => new Date(from.getTime() + steps * step);

  const deliveryPlan = (from: Date, fail: boolean, hub: string): q.PlannedEvent[] => [
    { state: 'out_for_delivery', location: hub, note: null, dueAt: at(from, 1) },
    fail
      ? {
          state: 'delivery_failed',
          location: hub,
          note: FAILED_DELIVERY_REASON,
          dueAt: at(from, 2),
        }
      : { state: 'delivered', location: hub, note: null, dueAt: at(from, 2) },
  ];

  /** A parcel or pickup booked: its waybill from the reference, its events planned once. */
  async function bookOnce(
    request: { reference: string; orderId: number },
    plan: () => q.PlannedEvent[],
  ): Promise<BookedParcel> {
    const awb = waybillOf(request.reference);
    const parcel: BookedParcel = {
      providerOrderId: request.reference,
      providerShipmentId: awb,
      awb,
      courierName: SANDBOX_COURIER_NAME,
      trackingLink: `${options.publicUrl}${orderPagePath(request.orderId)}`,
      labelUrl: null,
    };
    // Booked before (a retry): the same parcel, planned once.
    if ((await q.countPlanned(db, awb)) > 0) return parcel;
    const events = plan();
    await db.transaction(async (tx) => {
      await q.plan(tx, awb, events);
    });
    return parcel;
  }

  return {
    name: 'sandbox',
    webhookPath: SANDBOX_WEBHOOK_PATH,
    db,
    webhookHeaders: () => ({ [SANDBOX_TOKEN_HEADER]: token }),

    async serviceability(_from, toPincode, _weight, cod): Promise<Serviceability> {
      return { serviceable: /^[1-9]\d{5}$/.test(toPincode), cod, etdDays: 3 };
    },

    async book(request: ParcelRequest): Promise<BookedParcel> {
      const start = now();
      const hub = `${request.consignee.city} hub`;
      return bookOnce(request, () => [
        { state: 'picked_up', location: 'Kitroom warehouse', note: null, dueAt: at(start, 1) },
        {
          state: 'in_transit',
          location: `${request.consignee.state}`,
          note: null,
          dueAt: at(start, 2),
        },
        ...deliveryPlan(at(start, 2), asksForFailedDelivery(request.consignee.name), hub),
      ]);
    },

    async bookPickup(request: PickupRequest): Promise<BookedParcel> {
      const start = now();
      return bookOnce(request, () =>
        asksForFailedDelivery(request.from.name)
          ? [
              {
                state: 'canceled',
                location: `${request.from.city}`,
                note: FAILED_PICKUP_REASON,
                dueAt: at(start, 2),
              },
            ]
          : [
              {
                state: 'picked_up',
                location: `${request.from.city}`,
                note: 'Picked up from the shopper',
                dueAt: at(start, 1),
              },
              { state: 'in_transit', location: request.to.state, note: null, dueAt: at(start, 2) },
              {
                state: 'delivered',
                location: 'Kitroom warehouse',
                note: 'Delivered to the shop',
                dueAt: at(start, 3),
              },
            ],
      );
    },

    async labels(parcels) {
      return renderLabels(await options.labelData(parcels.map((p) => p.awb)));
    },

    async cancel(parcel) {
      const posted = await q.postedStates(db, parcel.awb);
      if (posted.length > 0) {
        throw new CourierError(
          `Parcel ${parcel.awb} was already picked up, so it can no longer be canceled.`,
          false,
        );
      }
      await q.dropUnposted(db, parcel.awb);
    },

    async answerFailedDelivery(parcel, action, note) {
      const posted = await q.postedStates(db, parcel.awb);
      if (posted.at(-1) !== 'delivery_failed') {
        throw new CourierError(`Parcel ${parcel.awb} has no failed delivery to answer.`, false);
      }
      const start = now();
      await db.transaction(async (tx) => {
        await q.dropUnposted(tx, parcel.awb);
        if (action === 'reattempt') {
          await q.plan(tx, parcel.awb, deliveryPlan(start, false, 'Delivery hub'));
        } else {
          await q.plan(tx, parcel.awb, [
            {
              state: 'rto_initiated',
              location: 'Delivery hub',
              note: note || null,
              dueAt: at(start, 1),
            },
            {
              state: 'rto_delivered',
              location: 'Kitroom warehouse',
              note: null,
              dueAt: at(start, 3),
            },
          ]);
        }
      });
    },

    readWebhook(headers, body): TrackingUpdate[] | null {
      const given = headers[SANDBOX_TOKEN_HEADER];
      if (typeof given !== 'string') return null;
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      const parsed = SandboxWebhook.safeParse(body);
      if (!parsed.success) return [];
      const e = parsed.data;
      return [
        {
          awb: e.awb,
          state: e.state as ShipmentState,
          eventKey: e.event_id,
          occurredAt: new Date(e.occurred_at),
          location: e.location,
          note: e.note,
        },
      ];
    },
  };
}

/** The body posted for a planned event. */
export function webhookBody(e: q.SandboxEventRow, postedAt: Date): SandboxWebhook {
  return {
    event_id: `sbx-${e.id}`,
    awb: e.awb,
    state: e.state as SandboxWebhook['state'],
    occurred_at: postedAt.toISOString(),
    location: e.location,
    note: e.note,
  };
}
