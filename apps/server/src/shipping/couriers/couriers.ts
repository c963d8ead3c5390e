// The couriers this server offers staff (decision 032), by name: the built-in sandbox when
// COURIER_SANDBOX is on (outside production by default), Shiprocket when configured. They
// sit on the app's deps (app.ts) like the payment provider, so tests inject their own.
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sandboxSecretSeed } from '../../payments/sandbox-secret.js';
import { shippingLabelsOf } from '../label-data.js';
import { labelsOfWaybills } from '../shipments.queries.js';
import type { CourierName, CourierProvider } from './courier.js';
import { createSandboxCourier, type SandboxCourier } from './sandbox.courier.js';

export type ProviderName = Exclude<CourierName, 'manual'>;

export interface Couriers {
  /** The enabled providers, sandbox first. */
  readonly providers: readonly CourierProvider[];
  get(name: string): CourierProvider | undefined;
  /** The sandbox courier when enabled: its sweep posts its planned events. */
  readonly sandbox: SandboxCourier | null;
}

export function couriersOf(providers: readonly CourierProvider[]): Couriers {
  const sandbox = providers.find((p) => p.name === 'sandbox') as SandboxCourier | undefined;
  return {
    providers,
    get: (name) => providers.find((p) => p.name === name),
    sandbox: sandbox && 'webhookHeaders' in sandbox ? sandbox : null,
  };
}

export interface CourierOptions {
  db: Db;
  now?: () => Date;
}

export function createCouriers(
  config: Pick<Config, 'couriers' | 'publicUrl' | 'sessionSecret' | 'dataDir'>,
  options: CourierOptions,
): Couriers {
  const providers: CourierProvider[] = [];
  if (config.couriers.sandbox) {
    providers.push(
      createSandboxCourier({
        db: options.db,
        secretSeed: sandboxSecretSeed(config),
        publicUrl: config.publicUrl,
        stepMs: config.couriers.sandboxStepMs,
        ...(options.now ? { now: options.now } : {}),
        labelData: async (awbs) =>
          shippingLabelsOf(options.db, await labelsOfWaybills(options.db, 'sandbox', awbs)),
      }),
    );
  }
  if (config.couriers.shiprocket) {
    // SHIPROCKET ADAPTER GOES HERE (wired by the lead at merge):
    //   providers.push(createShiprocketCourier({ ...config.couriers.shiprocket, ... }));
    // from './shiprocket.courier.js'. Until then a configured Shiprocket is not offered.
  }
  return couriersOf(providers);
}
