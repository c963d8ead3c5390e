// Cash on delivery's rules (decision 034), pure: whether COD may pay an order, with the
// shopper-facing reason when it may not, and what an unconfirmed COD order may not do yet.
// Staff may block COD for one shopper (issue 41): the shopper is told only that it is not
// available for their account, never staff's reason.
import { COD_BLOCKED_MESSAGE, formatRupees, paiseToRupees, PRINT_NO_COD } from '@kitroom/contract';

/** The shop's COD settings, as the settings service returns them. */
export interface CodRules {
  cod_enabled: boolean;
  cod_fee_paise: number;
  cod_max_order_paise: number;
  cod_max_open_orders: number;
  cod_excluded_pincodes: readonly string[];
}

export interface CodAsk {
  pincode: string;
  /** The order's total before the COD fee; null on the product page (no order yet). */
  totalPaise: number | null;
  /** The shopper's COD orders not yet paid nor cancelled; null for a visitor. */
  openCodOrders: number | null;
  /** Printed with a name or number (decision 049): never COD. */
  personalised: boolean;
  /** Staff blocked cash on delivery for this shopper (false for a visitor). */
  blocked: boolean;
}

export interface CodAvailability {
  available: boolean;
  /** The fee the order pays when COD is chosen. */
  fee_paise: number;
  /** Why not, in the shopper's words; null when available. */
  reason: string | null;
}

export const COD_OFF = 'Cash on delivery is not available at the moment.';
export const COD_PERSONALISED = PRINT_NO_COD;
export const COD_BLOCKED = COD_BLOCKED_MESSAGE;

/** Whether cash on delivery may pay this order (or, without a total, this pincode). */
export function codAvailability(rules: CodRules, ask: CodAsk): CodAvailability {
  const fee = rules.cod_fee_paise;
  const no = (reason: string): CodAvailability => ({ available: false, fee_paise: fee, reason });
  if (!rules.cod_enabled) return no(COD_OFF);
  if (ask.blocked) return no(COD_BLOCKED);
  if (ask.personalised) return no(COD_PERSONALISED);
  if (rules.cod_excluded_pincodes.some((prefix) => ask.pincode.startsWith(prefix))) {
    return no(`Cash on delivery is not available for pincode ${ask.pincode}.`);
  }
  // The cap counts the fee: it is the cash the courier would carry.
  if (ask.totalPaise !== null && ask.totalPaise + fee > rules.cod_max_order_paise) {
    return no(
      `Cash on delivery is not available for orders above ${formatRupees(paiseToRupees(rules.cod_max_order_paise))}.`,
    );
  }
  if (ask.openCodOrders !== null && ask.openCodOrders >= rules.cod_max_open_orders) {
    const n = ask.openCodOrders;
    return no(
      `You already have ${n} cash-on-delivery ${n === 1 ? 'order' : 'orders'} on their way; pay online for this one.`,
    );
  }
  return { available: true, fee_paise: fee, reason: null };
}

/** An order as these rules read it. */
export interface CodOrder {
  id: number;
  payment_method: string;
  payment_status: string;
  order_status: string;
  cod_confirmed_at: Date | string | null;
}

/** A COD order the shopper has not confirmed yet. */
export function awaitsCodConfirmation(o: CodOrder): boolean {
  return (
    o.payment_method === 'COD' &&
    o.payment_status !== 'SUCCESS' &&
    o.order_status === 'Pending' &&
    o.cod_confirmed_at === null
  );
}

/** Why staff may not pack or ship the order yet; null when COD does not stand in the way. */
export function unconfirmedCodProblem(o: CodOrder, step: 'packed' | 'shipped'): string | null {
  if (!awaitsCodConfirmation(o)) return null;
  return `Order #${o.id} is cash on delivery and the shopper has not confirmed it yet, so it cannot be ${step}.`;
}
