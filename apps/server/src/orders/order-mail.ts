// The shopper's mail about an order's payment.
import type { Tx } from '../db/index.js';
import { enqueueOrderMail } from '../notifications/index.js';

/** What marking an order paid came to: paid, canceled (refunded) or already paid. */
export type PaidResult =
  | { kind: 'paid' }
  | { kind: 'canceled'; reason: string }
  /** Nothing to mark: paid before, or (with its reason) a COD order already on its way. */
  | { kind: 'already'; reason?: string };

/**
 * The shopper's mail about a payment, written to the outbox in the payment's transaction: it
 * exists exactly when the payment is recorded, and an SMTP outage only delays it.
 */
export async function enqueuePaidMail(
  tx: Tx,
  publicUrl: string,
  orderId: number,
  paid: PaidResult,
): Promise<void> {
  if (paid.kind === 'paid') {
    await enqueueOrderMail(
      tx,
      publicUrl,
      orderId,
      'order-confirmed',
      {},
      `order-confirmed:${orderId}`,
    );
  } else if (paid.kind === 'canceled') {
    await enqueueOrderMail(
      tx,
      publicUrl,
      orderId,
      'order-paid-too-late',
      { reason: paid.reason },
      `order-paid-too-late:${orderId}`,
    );
  }
}
