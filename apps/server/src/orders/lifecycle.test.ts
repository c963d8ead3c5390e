// Every (stage, event) pair of the order state machine: allowed exactly where OPERATIONS.md's
// table says, refused everywhere else with a message a person can act on.
import { ORDER_EVENT_KINDS } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_TYPES } from '../db/index.js';
import {
  ORDER_EVENT_NAMES,
  ORDER_STAGES,
  stageOf,
  transition,
  type OrderStage,
} from './lifecycle.js';

const allowed: Record<string, OrderStage> = {
  'pending pay': 'processing',
  'pending confirm': 'processing',
  'pending cancel-by-shopper': 'canceled',
  'pending cancel-by-shop': 'canceled',
  'pending expire': 'canceled',
  'processing pack': 'packed',
  'processing ship': 'shipped',
  'processing cancel-by-shopper': 'canceled',
  'processing cancel-by-shop': 'canceled',
  'packed ship': 'shipped',
  'packed cancel-by-shop': 'canceled',
  'shipped deliver': 'completed',
  'shipped unship': 'packed',
  'shipped return-to-origin': 'canceled',
  'completed request-return': 'completed',
};

describe('the order state machine', () => {
  for (const from of ORDER_STAGES) {
    for (const event of ORDER_EVENT_NAMES) {
      const key = `${from} ${event}`;
      it(`${key}: ${allowed[key] ? `→ ${allowed[key]}` : 'refused'}`, () => {
        const result = transition(from, event, 42);
        if (allowed[key]) {
          expect(result).toEqual({ ok: true, to: allowed[key] });
        } else {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error).toMatch(/order/i);
        }
      });
    }
  }

  it('names the order and its stage when it refuses', () => {
    expect(transition('shipped', 'cancel-by-shop', 7)).toEqual({
      ok: false,
      error: 'Order #7 is shipped, so it cannot be canceled.',
    });
    expect(transition('canceled', 'ship', 9)).toEqual({
      ok: false,
      error: 'Order #9 is canceled, so it cannot be shipped.',
    });
  });

  it('returns to origin only a shipped order', () => {
    expect(transition('completed', 'return-to-origin', 5)).toEqual({
      ok: false,
      error: 'Order #5 is delivered, so it cannot be returned to origin.',
    });
    expect(transition('packed', 'unship', 6)).toEqual({
      ok: false,
      error: 'Order #6 is packed, so it cannot have its shipment canceled.',
    });
  });

  it('tells a shopper why a packed order cannot be canceled any more', () => {
    const result = transition('packed', 'cancel-by-shopper', 3);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('already packed');
  });

  it('reads the stage from the status and the packing time', () => {
    expect(stageOf({ order_status: 'Processing', packed_at: null })).toBe('processing');
    expect(stageOf({ order_status: 'Processing', packed_at: new Date() })).toBe('packed');
    expect(stageOf({ order_status: 'Shipped', packed_at: null })).toBe('shipped');
    expect(stageOf({ order_status: 'Canceled', packed_at: null })).toBe('canceled');
  });
});

describe('the order event kinds', () => {
  it('are the same in the database and in the contract', () => {
    expect([...ORDER_EVENT_TYPES]).toEqual([...ORDER_EVENT_KINDS]);
  });
});
