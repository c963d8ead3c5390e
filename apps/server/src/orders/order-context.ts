// The context order calls work with: the app's dependencies, the payment provider, the
// request's log.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { createPaymentProvider, type PaymentProvider } from '../payments/index.js';
import type { EwbClient } from '../tax/index.js';

/** What the order calls work with: the app's dependencies, the provider, the request's log. */
export interface OrderContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** NIC's e-way bill API (decision 072); null when it is not configured. */
  ewb: EwbClient | null;
}

/**
 * Builds each request's order context around one payment provider, made from the
 * configuration once (a provider that needs secrets refuses to be made without them).
 */
export function orderContexts(
  deps: { database: { db: Db }; config: Config; ewb?: EwbClient | null },
  provider: PaymentProvider = createPaymentProvider(deps.config),
): (log: FastifyBaseLogger) => OrderContext {
  return (log) => ({
    db: deps.database.db,
    config: deps.config,
    provider,
    log,
    ewb: deps.ewb ?? null,
  });
}
