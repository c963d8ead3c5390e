// The couriers this server offers staff (decision 032), by name: the built-in sandbox when
// COURIER_SANDBOX is on (outside production by default), Shiprocket when configured. They
// sit on the app's deps (app.ts) like the payment provider, so tests inject their own.
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { sandboxSecretSeed } from '../../payments/index.js';
import { shippingLabelsOf } from '../label-data.js';
import { labelsOfWaybills } from '../shipments.queries.js';
import type { CourierName, CourierProvider } from './courier.js';
import { createSandboxCourier, type SandboxCourier } from './sandbox.courier.js';
import { createShiprocketCourier } from './shiprocket.courier.js';

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
    providers.push(
      createShiprocketCourier({
        ...config.couriers.shiprocket,
        ...(options.now ? { now: options.now } : {}),
      }),
    );
  }
  return couriersOf(providers);
}
