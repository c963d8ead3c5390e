// Paying for an order that is not paid yet: payment_processer.php (the spec's spelling).
import { z } from 'zod';
import { Id } from './common.js';

/**
 * POST /api/payment_processer.php — a payment page for the shopper's own unpaid order. An
 * order whose stock hold ran out takes its stock again first; refused when it cannot.
 */
export const PayOrderRequest = z.object({ user_id: Id, order_id: Id });
export type PayOrderRequest = z.input<typeof PayOrderRequest>;

export const PayOrderResponse = z.object({ payment_url: z.string(), order_id: z.number().int() });
export type PayOrderResponse = z.infer<typeof PayOrderResponse>;
