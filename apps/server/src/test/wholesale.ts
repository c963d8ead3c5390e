// Wholesale test data: price lists and applications in any state, with overrides.
import type { PriceRule, PriceTier } from '@kitroom/contract/admin';
import type { Db } from '../db/client.js';
import { wholesaleApplications, wholesalePriceLists } from '../db/schema.js';
import { createUser } from './factories.js';

let serial = 0;

export interface PriceListOverrides {
  name?: string;
  rules?: PriceRule[];
  tiers?: PriceTier[];
  minOrderPaise?: number;
  minOrderPieces?: number;
}

/** A price list; by default no rules, tiers 10+ −25% and 50+ −35%, and no minimum. */
export async function createPriceList(db: Db, o: PriceListOverrides = {}): Promise<number> {
  const [row] = await db
    .insert(wholesalePriceLists)
    .values({
      name: o.name ?? `Price list ${++serial}`,
      rules: o.rules ?? [],
      tiers: o.tiers ?? [
        { min_pieces: 10, percent_off: 25 },
        { min_pieces: 50, percent_off: 35 },
      ],
      minOrderPaise: o.minOrderPaise ?? 0,
      minOrderPieces: o.minOrderPieces ?? 0,
    })
    .returning({ id: wholesalePriceLists.id });
  return row!.id;
}

export interface ApplicationOverrides {
  userId?: number;
  status?: 'pending' | 'approved' | 'rejected';
  priceListId?: number | null;
  shopName?: string;
  shopLocation?: string;
  gst?: string | null;
  rejectReason?: string | null;
}

/** A wholesale application (a new shopper's unless userId is given); returns its id. */
export async function createApplication(db: Db, o: ApplicationOverrides = {}): Promise<number> {
  const userId = o.userId ?? (await createUser(db)).id;
  const [row] = await db
    .insert(wholesaleApplications)
    .values({
      userId,
      shopName: o.shopName ?? `Test Sports ${++serial}`,
      shopLocation: o.shopLocation ?? 'Mavoor Road, Kozhikode, Kerala',
      gst: o.gst === undefined ? '32AABCK1234F1Z8' : o.gst,
      requestingPerson: 'Test Buyer',
      contactNumber: '9847012345',
      status: o.status ?? 'pending',
      priceListId: o.priceListId ?? null,
      rejectReason: o.rejectReason ?? null,
    })
    .returning({ id: wholesaleApplications.id });
  return row!.id;
}

/** An approved wholesaler on the price list. */
export async function approvedWholesaler(
  db: Db,
  userId: number,
  priceListId: number,
  o: ApplicationOverrides = {},
) {
  return createApplication(db, { ...o, userId, status: 'approved', priceListId });
}
