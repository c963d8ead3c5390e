// Wholesale for the shopper: their application's status and one application per user
// (checked with the spec's rules, the same schema the web form uses), and their own prices
// from their price list (decision 045) — asked for by the page after it shows, and by
// checkout, which prices the order with the same function.
import {
  formatRupees,
  GST_STATE_CODES,
  isValidGstin,
  paiseToRupees,
  WholesaleApplication,
  WholesaleStatus,
  WHOLESALE_NOT_APPLIED_MESSAGE,
  WHOLESALE_STATUS_MESSAGES,
  wholesaleRejectedMessage,
  type WholesalePricesResponse,
  type WholesaleResponse,
} from '@kitroom/contract';
import { PriceRule, PriceTier, RegisteredBusiness } from '@kitroom/contract/admin';
import { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { Invalid } from '../domain-errors.js';
import {
  tiersAt,
  unitPaise,
  type PriceListTerms,
  type RetailProduct,
} from './wholesale-pricing.js';
import * as q from './wholesale.queries.js';

function statusResponse(
  application: { status: string; reject_reason: string | null } | undefined,
): WholesaleResponse {
  if (application === undefined) return { code: 0, message: WHOLESALE_NOT_APPLIED_MESSAGE };
  const known = WholesaleStatus.parse(application.status);
  // A rejected shop sees the form again (code 0), told why.
  if (known === 'rejected') {
    return {
      code: 0,
      status: 'rejected',
      message: wholesaleRejectedMessage(application.reject_reason ?? ''),
    };
  }
  return { code: 100, status: known, message: WHOLESALE_STATUS_MESSAGES[known] };
}

/**
 * code 0 (with its message) when the user has not applied or was rejected; otherwise code 100
 * with their status's message.
 */
export async function applicationStatus(db: Queryable, userId: number): Promise<WholesaleResponse> {
  return statusResponse(await q.applicationStatus(db, userId));
}

/**
 * Stores the user's application after checking it; a user whose application is pending or
 * approved gets their current status and nothing changes; a rejected one applies anew.
 */
export async function apply(
  db: Queryable,
  userId: number,
  fields: Record<string, unknown>,
): Promise<WholesaleResponse> {
  const parsed = WholesaleApplication.safeParse(fields);
  if (!parsed.success) {
    throw new Invalid(parsed.error.issues[0]?.message ?? 'The application is not valid.');
  }
  const a = parsed.data;
  await q.insertApplication(db, {
    userId,
    shopName: a.shop_name,
    shopLocation: a.shop_location,
    gst: a.gst,
    requestingPerson: a.requesting_person,
    contactNumber: a.contact_number,
    aboutShop: a.about_shop,
  });
  return statusResponse(await q.applicationStatus(db, userId));
}

// ── the shopper's prices ──

const StoredRules = z.array(PriceRule);
const StoredTiers = z.array(PriceTier);

/** The terms of the user's price list, or null for anyone who is not an approved wholesaler. */
async function termsOf(db: Queryable, userId: number): Promise<PriceListTerms | null> {
  const row = await q.approvedPriceList(db, userId);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    rules: StoredRules.parse(row.rules),
    tiers: StoredTiers.parse(row.tiers),
    minOrderPaise: row.min_order_paise,
    minOrderPieces: row.min_order_pieces,
  };
}

/** wholesale_prices.php: the shopper's unit prices for these products at `pieces` pieces. */
export async function pricesFor(
  db: Queryable,
  userId: number,
  productIds: number[],
  pieces: number,
): Promise<WholesalePricesResponse> {
  const terms = await termsOf(db, userId);
  if (!terms) return { wholesale: false };
  const products = await q.retailPrices(db, [...new Set(productIds)]);
  const { tier, next } = tiersAt(terms, pieces);
  return {
    wholesale: true,
    pieces,
    tier,
    next_tier: next,
    min_order: paiseToRupees(terms.minOrderPaise),
    min_pieces: terms.minOrderPieces,
    prices: products.map((p) => ({
      product_id: p.id,
      price: paiseToRupees(
        unitPaise(
          terms,
          { productId: p.id, categoryId: p.category_id, retailPaise: p.discount_price_paise },
          pieces,
        ),
      ),
    })),
  };
}

export interface OrderLinePrice extends RetailProduct {
  quantity: number;
}

function unitsOf(terms: PriceListTerms, lines: readonly OrderLinePrice[]) {
  const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
  return { pieces, units: lines.map((l) => unitPaise(terms, l, pieces)) };
}

/** The unit price of each line for this shopper, or null when they buy at retail. */
export async function lineUnitPrices(
  db: Queryable,
  userId: number,
  lines: readonly OrderLinePrice[],
): Promise<number[] | null> {
  const terms = await termsOf(db, userId);
  return terms ? unitsOf(terms, lines).units : null;
}

/** A registered business's address as the B2B invoice's Bill to prints it. */
export interface RegisteredAddress {
  street: string;
  city: string;
  pincode: string;
  state: string;
  /** The state's GST code ('29' for Karnataka). */
  state_code: string;
}

/** The buyer of a wholesaler's order as the B2B invoice prints it (orders.wholesale_buyer). */
export interface WholesaleBuyer {
  /** The legal name as registered; the shop's name when staff entered none. */
  legal_name: string;
  /** The registered address on one line; the shop's location when staff entered none. */
  address: string;
  /** Null when the shop gave no GSTIN, or not a valid one: then a B2C invoice. */
  gstin: string | null;
  /** The registered address in parts (issue 36.29); absent for shops approved without one. */
  registered?: RegisteredAddress;
}

/** The buyer frozen on a wholesaler's order, from its application as it is now. */
function buyerOf(row: q.ApprovedWholesalerRow): WholesaleBuyer {
  const gstin = row.gst?.trim().toUpperCase() ?? '';
  const valid = isValidGstin(gstin) ? gstin : null;
  const parsed = RegisteredBusiness.safeParse(row.registered);
  if (!parsed.success) {
    return { legal_name: row.shop_name.trim(), address: row.shop_location.trim(), gstin: valid };
  }
  const r = parsed.data;
  return {
    legal_name: r.legal_name,
    address: `${r.street}, ${r.city}, ${r.state} ${r.pincode}`,
    gstin: valid,
    registered: {
      street: r.street,
      city: r.city,
      pincode: r.pincode,
      state: r.state,
      state_code: GST_STATE_CODES[r.state],
    },
  };
}

export interface OrderTerms {
  /** The unit price of each line, or null: retail prices. */
  units: number[] | null;
  /** An approved wholesaler's shop, frozen on the order; null for anyone else. */
  buyer: WholesaleBuyer | null;
}

/** A shopper's approved application with its price list, as checkout reads it. */
export type ApprovedWholesalerRow = q.ApprovedWholesalerRow;

/**
 * Checkout's seam, in the order's transaction, from the shopper's approved application as
 * checkout read it with the order's other facts (decision 078; undefined or null: a retail
 * shopper): the line prices as lineUnitPrices, the buyer to freeze on the order (decision 046),
 * and a wholesale order below its list's minimum (value at wholesale prices, or pieces)
 * refused with what it lacks.
 */
export function orderTermsOf(
  row: q.ApprovedWholesalerRow | null | undefined,
  lines: readonly OrderLinePrice[],
): OrderTerms {
  if (!row) return { units: null, buyer: null };
  const buyer = buyerOf(row);
  if (row.id === null) return { units: null, buyer };
  const terms: PriceListTerms = {
    id: row.id,
    name: row.name ?? '',
    rules: StoredRules.parse(row.rules),
    tiers: StoredTiers.parse(row.tiers),
    minOrderPaise: row.min_order_paise ?? 0,
    minOrderPieces: row.min_order_pieces ?? 0,
  };
  const { pieces, units } = unitsOf(terms, lines);
  const value = units.reduce((sum, u, i) => sum + u * lines[i]!.quantity, 0);
  if (pieces < terms.minOrderPieces) {
    throw new Invalid(
      `Wholesale orders start at ${terms.minOrderPieces} pieces: please add ${terms.minOrderPieces - pieces} more.`,
    );
  }
  if (value < terms.minOrderPaise) {
    throw new Invalid(
      `Wholesale orders start at ${formatRupees(paiseToRupees(terms.minOrderPaise))}: please add ${formatRupees(paiseToRupees(terms.minOrderPaise - value))} more.`,
    );
  }
  return { units, buyer };
}
