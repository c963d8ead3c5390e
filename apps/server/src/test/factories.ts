// Test data with overrides, shared by every API test. Each test makes its own rows.
import { randomBytes } from 'node:crypto';
import type { ShippingAddress } from '@kitroom/contract';
import { eq } from 'drizzle-orm';
import { hashSecret } from '../accounts/passwords.service.js';
import { createSession, SESSION_COOKIE } from '../accounts/sessions.service.js';
import type { Db } from '../db/client.js';
import {
  categories,
  couponCategories,
  couponProducts,
  coupons,
  products,
  productSizes,
  subCategories,
  teams,
  players,
  users,
} from '../db/schema.js';

const unique = () => randomBytes(4).toString('hex');

export async function ensureCategory(db: Db, name: string): Promise<number> {
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, name));
  if (found) return found.id;
  const [row] = await db.insert(categories).values({ name }).returning({ id: categories.id });
  return row!.id;
}

export async function ensureSubCategory(db: Db, categoryId: number, name: string): Promise<number> {
  const [found] = await db
    .select({ id: subCategories.id })
    .from(subCategories)
    .where(eq(subCategories.name, name));
  if (found) return found.id;
  const [row] = await db
    .insert(subCategories)
    .values({ categoryId, name })
    .returning({ id: subCategories.id });
  return row!.id;
}

export async function ensureTeam(db: Db, name: string): Promise<number> {
  const [found] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, name));
  if (found) return found.id;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const [row] = await db.insert(teams).values({ name, slug }).returning({ id: teams.id });
  return row!.id;
}

export async function ensurePlayer(db: Db, name: string, teamId?: number): Promise<number> {
  const [found] = await db.select({ id: players.id }).from(players).where(eq(players.name, name));
  if (found) return found.id;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const [row] = await db
    .insert(players)
    .values({ name, slug, teamId: teamId ?? null })
    .returning({ id: players.id });
  return row!.id;
}

export interface ProductOverrides {
  name?: string;
  pricePaise?: number;
  discountPricePaise?: number;
  category?: string;
  subCategory?: string;
  team?: string;
  player?: string;
  tag?: string;
  details?: string;
  sizes?: Record<string, number>;
  rating?: string;
  isLimited?: boolean;
  isPromoted?: boolean;
  viewCount?: number;
}

/** A product with per-size stock (default S=5, M=5, L=5). */
export async function createProduct(db: Db, o: ProductOverrides = {}): Promise<number> {
  const categoryId = await ensureCategory(db, o.category ?? 'Club Jerseys');
  const subCategoryId = o.subCategory
    ? await ensureSubCategory(db, categoryId, o.subCategory)
    : null;
  const teamId = o.team ? await ensureTeam(db, o.team) : null;
  const playerId = o.player ? await ensurePlayer(db, o.player, teamId ?? undefined) : null;
  const sizes = o.sizes ?? { S: 5, M: 5, L: 5 };
  const pricePaise = o.pricePaise ?? 149_900;
  const [row] = await db
    .insert(products)
    .values({
      name: o.name ?? `Test Jersey ${unique()}`,
      pricePaise,
      discountPricePaise: o.discountPricePaise ?? pricePaise,
      imageUrl: 'images/products/test.webp',
      image1: 'images/products/test-1.webp',
      image2: 'images/products/test-2.webp',
      categoryId,
      subCategoryId,
      teamId,
      playerId,
      tag: o.tag ?? '',
      productDetails: o.details ?? 'A test jersey.',
      productRating: o.rating ?? '0',
      isLimited: o.isLimited ?? false,
      isPromoted: o.isPromoted ?? false,
      viewCount: o.viewCount ?? 0,
    })
    .returning({ id: products.id });
  const id = row!.id;
  const entries = Object.entries(sizes);
  if (entries.length > 0) {
    await db
      .insert(productSizes)
      .values(entries.map(([size, stock], position) => ({ productId: id, size, stock, position })));
  }
  return id;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  phoneNumber?: string;
  passwordHash?: string;
  /** A password to hash and store (argon2id, as signup does). */
  password?: string;
}

/** A user row (no usable password unless password or passwordHash is given). */
export async function createUser(
  db: Db,
  o: UserOverrides = {},
): Promise<{ id: number; email: string }> {
  const email = o.email ?? `shopper-${unique()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      name: o.name ?? 'Test Shopper',
      email,
      phoneNumber: o.phoneNumber ?? '9876543210',
      passwordHash: o.password ? await hashSecret(o.password) : (o.passwordHash ?? '!'),
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/** A live session for the user, as the Cookie header a browser would send. */
export async function sessionCookie(db: Db, userId: number): Promise<string> {
  const { sessionId } = await createSession(db, userId);
  return `${SESSION_COOKIE}=${sessionId}`;
}

/** A user with a live session: the id and the cookie to send. */
export async function loggedInUser(db: Db, o: UserOverrides = {}) {
  const user = await createUser(db, o);
  return { ...user, cookie: await sessionCookie(db, user.id) };
}

/** A valid shipping address (Kerala), with overrides. */
export function shippingAddressInput(o: Partial<ShippingAddress> = {}): ShippingAddress {
  return {
    first_name: 'Asha',
    last_name: 'Menon',
    street_name: '12 Beach Road',
    city: 'Kozhikode',
    state: 'Kerala',
    pincode: '673001',
    phone: '9876543210',
    ...o,
  };
}

export interface CouponOverrides {
  code?: string;
  kind?: 'flat' | 'percent';
  /** Paise for 'flat', whole percent for 'percent'. */
  value?: number;
  maxDiscountPaise?: number | null;
  minOrderPaise?: number;
  startsAt?: Date;
  endsAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  active?: boolean;
  stacksWithWholesale?: boolean;
  productIds?: number[];
  categoryIds?: number[];
}

/** A coupon (default: 10% off, no limits) with optional product or category restrictions. */
export async function createCoupon(
  db: Db,
  o: CouponOverrides = {},
): Promise<{ id: number; code: string }> {
  const code = o.code ?? `TEST${unique().toUpperCase()}`;
  const [row] = await db
    .insert(coupons)
    .values({
      code,
      kind: o.kind ?? 'percent',
      value: o.value ?? 10,
      maxDiscountPaise: o.maxDiscountPaise ?? null,
      minOrderPaise: o.minOrderPaise ?? 0,
      startsAt: o.startsAt ?? new Date(Date.now() - 60_000),
      endsAt: o.endsAt ?? null,
      maxUses: o.maxUses ?? null,
      maxUsesPerUser: o.maxUsesPerUser ?? null,
      active: o.active ?? true,
      stacksWithWholesale: o.stacksWithWholesale ?? false,
    })
    .returning({ id: coupons.id });
  const id = row!.id;
  for (const productId of o.productIds ?? []) {
    await db.insert(couponProducts).values({ couponId: id, productId });
  }
  for (const categoryId of o.categoryIds ?? []) {
    await db.insert(couponCategories).values({ couponId: id, categoryId });
  }
  return { id, code };
}
