// A test shop whose only courier is the sandbox, on a clock the test moves: its sweep posts
// the parcels' tracking events over our own webhook (inject), as a courier's servers would;
// `failNextBookings` makes the next bookings (parcels or pickups) fail as a courier that is down;
// `loseBookingResponse` has the courier book an order's next parcel but loses its response, as
// a timeout would.
import { CourierError } from '../shipping/couriers/courier.js';
import { couriersOf } from '../shipping/couriers/couriers.js';
import { createSandboxCourier, type SandboxCourier } from '../shipping/couriers/sandbox.courier.js';
import { sweepSandboxCourier, type Poster } from '../shipping/couriers/sandbox-sweep.js';
import { shippingLabelsOf } from '../shipping/label-data.js';
import { labelsOfWaybills } from '../shipping/shipments.queries.js';
import { startTestApp, type TestApp } from './harness.js';

export const MINUTE = 60_000;

export interface SandboxCourierShop {
  t: TestApp;
  sandbox: SandboxCourier;
  /** The sandbox's clock: it books and posts by it. */
  clock: Date;
  /** The next `n` bookings fail as a courier that is down would. */
  failNextBookings(n: number): void;
  /** The order's next parcel is booked at the courier, but the response is lost (a timeout). */
  loseBookingResponse(orderId: number): void;
  /** Our webhook, called as the courier would: through HTTP (here inject). */
  post: Poster;
  /** Moves the clock on and lets the sandbox post whatever is due, with `post` or another. */
  after(minutes: number, post?: Poster): Promise<{ posted: number; failed: number }>;
}

/**
 * A test shop with the sandbox courier, a step a minute, on the test's clock; `env` adds to
 * its configuration.
 */
export async function startSandboxCourierShop(
  env: Record<string, string> = {},
): Promise<SandboxCourierShop> {
  let failing = 0;
  const losing = new Set<number>();
  let sandbox: SandboxCourier | undefined;
  const shop = {
    clock: new Date(),
    failNextBookings(n: number) {
      failing = n;
    },
    loseBookingResponse(orderId: number) {
      losing.add(orderId);
    },
  } as SandboxCourierShop;
  shop.t = await startTestApp(env, {
    orderSweep: false,
    couriers: (db, config) => {
      sandbox = createSandboxCourier({
        db,
        secretSeed: 'a test secret that is long enough to sign with',
        publicUrl: config.publicUrl,
        stepMs: MINUTE,
        now: () => shop.clock,
        labelData: async (awbs) =>
          shippingLabelsOf(db, await labelsOfWaybills(db, 'sandbox', awbs)),
      });
      const real = sandbox;
      const flaky: SandboxCourier = {
        ...real,
        async book(request) {
          if (failing > 0) {
            failing -= 1;
            throw new CourierError('Courier service is down (test)', true);
          }
          const parcel = await real.book(request);
          if (losing.delete(request.orderId)) {
            throw new CourierError('The courier did not answer in time (test)', true);
          }
          return parcel;
        },
        async bookPickup(request) {
          if (failing > 0) {
            failing -= 1;
            throw new CourierError('Courier service is down (test)', true);
          }
          return real.bookPickup(request);
        },
      };
      return couriersOf([flaky]);
    },
  });
  shop.sandbox = sandbox!;
  shop.post = async (url, body, headers) =>
    (
      await shop.t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        payload: body as object,
        headers,
      })
    ).statusCode;
  shop.after = async (minutes, post = shop.post) => {
    shop.clock = new Date(shop.clock.getTime() + minutes * MINUTE);
    return sweepSandboxCourier(
      { courier: shop.sandbox, publicUrl: shop.t.config.publicUrl, post },
      shop.clock,
    );
  };
  return shop;
}
