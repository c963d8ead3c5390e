// The database schema: every entity of spec section 3. Money is integer paise; stock is per
// product and size. Constraints live here so that no code path can store a broken row.
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ───────────────────────────── catalogue ─────────────────────────────

/**
 * A size chart: each size's body measurements in centimetres (Legal Metrology asks for them on
 * a garment's listing) and a fit note. A chart is a fit (fan, player, kids) and a category
 * names the chart its shirts are cut to.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    fitNote: text('fit_note').notNull().default(''),
    /** [{ size, chest_cm, length_cm }] in the order the chart lists them. */
    rows: jsonb('rows').notNull(),
  },
  (t) => [check('size_charts_rows_array', sql`jsonb_typeof(${t.rows}) = 'array'`)],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: smallint('position').notNull().default(0),
  sizeChartId: integer('size_chart_id').references(() => sizeCharts.id, {
    onDelete: 'set null',
  }),
});

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('sub_categories_category_name_uq').on(t.categoryId, t.name)],
);

/**
 * Clubs and national teams. The profile (crest letters, colours, founded, stadium, bio,
 * trophies, league titles) is what the team page shows; `featured_position` orders the teams
 * shown on the team list and home (null: not featured). Edited in the back office.
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    slug: text('slug').notNull().unique(),
    shortName: text('short_name').notNull().default(''),
    founded: text('founded').notNull().default(''),
    stadium: text('stadium').notNull().default(''),
    bio: text('bio').notNull().default(''),
    trophies: text('trophies').notNull().default(''),
    leagueTitles: text('league_titles').notNull().default(''),
    // '#rrggbb' each: the crest and the page's band are drawn in them.
    colorPrimary: text('color_primary').notNull().default('#111827'),
    colorSecondary: text('color_secondary').notNull().default('#e5e7eb'),
    featuredPosition: smallint('featured_position'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teams_featured_position_uq').on(t.featuredPosition),
    check(
      'teams_colors_valid',
      sql`${t.colorPrimary} ~ '^#[0-9a-f]{6}$' AND ${t.colorSecondary} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);

/** Players, with the profile their page shows; `featured_position` as for teams. */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    slug: text('slug').notNull().unique(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    shirtNumber: text('shirt_number').notNull().default(''),
    bio: text('bio').notNull().default(''),
    careerGoals: text('career_goals').notNull().default(''),
    trophies: text('trophies').notNull().default(''),
    colorPrimary: text('color_primary').notNull().default('#111827'),
    colorSecondary: text('color_secondary').notNull().default('#e5e7eb'),
    featuredPosition: smallint('featured_position'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_featured_position_uq').on(t.featuredPosition),
    check(
      'players_colors_valid',
      sql`${t.colorPrimary} ~ '^#[0-9a-f]{6}$' AND ${t.colorSecondary} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull(),
    discountPricePaise: integer('discount_price_paise').notNull(),
    imageUrl: text('image_url').notNull(),
    image1: text('image1'),
    image2: text('image2'),
    // How many of its sizes have stock (kept by product_sizes' triggers, migration 0056): it
    // changes only when a size sells out or comes back, so an order leaves the product's row
    // alone. The product's stock is the sum of its sizes', read from product_sizes
    // (decision 100).
    sizesInStock: integer('sizes_in_stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id, {
      onDelete: 'set null',
    }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    tag: text('tag').notNull().default(''),
    productDetails: text('product_details').notNull().default(''),
    productRating: numeric('product_rating', { precision: 2, scale: 1 }).notNull().default('0'),
    /** How many shown reviews product_rating averages (kept with it, reviews.queries.ts). */
    reviewCount: integer('review_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    isLimited: boolean('is_limited').notNull().default(false),
    isPromoted: boolean('is_promoted').notNull().default(false),
    // What shoppers may see and buy: only 'active' products. `active` is kept equal to
    // status = 'active' (a check), because every storefront query and index reads it.
    status: text('status', { enum: ['draft', 'active', 'archived'] })
      .notNull()
      .default('active'),
    active: boolean('active').notNull().default(true),
    // The HSN code of the tax invoice (6109: T-shirts and jerseys, knitted).
    hsnCode: text('hsn_code').notNull().default('6109'),
    // A size at or below this stock is listed as low on the dashboard.
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    // Whether no size is in stock: the listings' first key, held by their index (decision 090).
    soldOut: boolean('sold_out').generatedAlwaysAs((): SQL => sql`${products.sizesInStock} = 0`),
    // Full-text document: name weighs most, then tag, then details.
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.tag}, '')), 'B') || setweight(to_tsvector('english', coalesce(${products.productDetails}, '')), 'C')`,
    ),
  },
  (t) => [
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check(
      'products_discount_price_valid',
      sql`${t.discountPricePaise} > 0 AND ${t.discountPricePaise} <= ${t.pricePaise}`,
    ),
    check('products_sizes_in_stock_nonnegative', sql`${t.sizesInStock} >= 0`),
    check('products_rating_range', sql`${t.productRating} >= 0 AND ${t.productRating} <= 5`),
    check('products_status_valid', sql`${t.status} IN ('draft', 'active', 'archived')`),
    check('products_active_is_status', sql`${t.active} = (${t.status} = 'active')`),
    check('products_hsn_valid', sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('products_low_stock_valid', sql`${t.lowStockThreshold} >= 0`),
    index('products_category_idx').on(t.categoryId, t.discountPricePaise, t.id),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_team_idx').on(t.teamId),
    // The back office's list of a team's products by name (a team has thousands at 100,000).
    index('products_team_name_idx').on(t.teamId, t.name, t.id),
    index('products_player_idx').on(t.playerId),
    index('products_discount_price_idx').on(t.discountPricePaise, t.id),
    // The listing's order (in stock first, then id), so a page is an index range, not a sort.
    index('products_listing_order_idx')
      .on(t.soldOut, t.id)
      .where(sql`${t.active}`),
    index('products_created_idx').on(t.createdAt),
    // The back office's product list: by name, and by status newest first (keyset pages).
    index('products_name_order_idx').on(t.name, t.id),
    index('products_status_order_idx').on(t.status, t.id),
    index('products_view_count_idx').on(t.viewCount),
    index('products_search_idx').using('gin', t.searchDocument),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    position: smallint('position').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    // The product's low_stock_threshold, kept beside each size by triggers (migration 0016) so
    // that the partial index below holds exactly the low sizes: the dashboard's list reads it
    // among 500,000 sizes without a scan.
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    // The stock while it is at or below the threshold, null above it: what the low-stock
    // index reads instead of stock. An index on stock would make every order's update of the
    // size a new row version with new index entries; on low_stock it is one only in the last
    // few pieces (decision 093, as decision 090 for the products' sold_out).
    lowStock: integer('low_stock').generatedAlwaysAs(
      (): SQL =>
        sql`CASE WHEN ${productSizes.stock} <= ${productSizes.lowStockThreshold} THEN ${productSizes.stock} END`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('product_sizes_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_sizes_size_valid', sql`length(${t.size}) BETWEEN 1 AND 12`),
    index('product_sizes_low_idx')
      .on(t.lowStock, t.productId, t.position)
      .where(sql`${t.lowStock} IS NOT NULL`),
  ],
);

/**
 * Name and number printing of a product (decision 049): off unless staff switch it on; prices
 * per piece, GST-inclusive paise; no patch price: no sleeve patch. A row only for products
 * staff have set up; a change is a change of the product's page (a trigger, migration 0022).
 */
export const productPrinting = pgTable(
  'product_printing',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    namePaise: integer('name_paise').notNull().default(0),
    numberPaise: integer('number_paise').notNull().default(0),
    patchPaise: integer('patch_paise'),
    colour: text('colour').notNull().default('#FFFFFF'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'product_printing_prices_valid',
      sql`${t.namePaise} >= 0 AND ${t.numberPaise} >= 0 AND (${t.patchPaise} IS NULL OR ${t.patchPaise} >= 0)`,
    ),
    check('product_printing_colour_valid', sql`${t.colour} ~ '^#[0-9A-F]{6}$'`),
  ],
);

/**
 * Every change of a size's stock, written in the transaction that changes it, so that every
 * number can be explained: an order's hold and its release, a sale, a restock, an adjustment
 * (with its reason in `note`), a return or exchange, a CSV import. `stock_after` is the size's
 * stock once the change is made.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', {
      enum: ['hold', 'release', 'sale', 'restock', 'adjustment', 'return', 'exchange', 'import'],
    }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_product_idx').on(t.productId, t.id),
    index('stock_ledger_order_idx').on(t.orderId),
    check(
      'stock_ledger_reason_valid',
      sql`${t.reason} IN ('hold', 'release', 'sale', 'restock', 'adjustment', 'return', 'exchange', 'import')`,
    ),
    check('stock_ledger_stock_after_nonnegative', sql`${t.stockAfter} >= 0`),
  ],
);

/**
 * One row whose version goes up, at commit, in every transaction that changes what the
 * catalogue caches derive from (names, facets, list membership and order, search text,
 * in-stock flips); the triggers are in the migration *_catalogue_version_triggers, extended
 * by *_product_versions. Servers read it per request to drop stale cache entries.
 * `product_log_from`: catalogue_product_log may have lost entries of transactions below it
 * (its pruning raises it); a server whose last read could not see those drops every kept
 * response instead of reading the log (decision 084).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    productLogFrom: bigint('product_log_from', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

/**
 * The products each transaction changed what they show of (stock, prices, pictures, rating,
 * reviews; product id 0 stands for the Most Viewed order, -1 and -2 for the rating and
 * popular orders), keyed by the transaction's id and written at its commit: a server reads
 * the entries of the transactions its last read's snapshot could not see (decision 084).
 * Written by triggers only; they prune it too.
 */
export const catalogueProductLog = pgTable(
  'catalogue_product_log',
  {
    xid: bigint('xid', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.xid, t.productId] })],
);

/**
 * Products whose sizes one statement added or removed, held until its transaction commits,
 * when triggers log them as changed and delete the row: one queued trigger event per
 * statement instead of one per size row (an import writes hundreds of thousands).
 */
export const catalogueSizeChanges = pgTable('catalogue_size_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productIds: integer('product_ids').array().notNull(),
});

// ───────────────────────────── accounts ─────────────────────────────

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Stored lower-cased; the unique index is what stops two accounts on one address.
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // The shopper erased their account (DPDP): the row stays for the orders and invoices GST
    // keeps for 72 months, with its name, email and phone replaced.
    erasedAt: timestamptz('erased_at'),
    // Cash on delivery blocked for the shopper by staff (issue 41): checkout refuses COD while
    // it is set. The reason is staff's own; the shopper is told only that COD is not available
    // for their account.
    codBlockedAt: timestamptz('cod_blocked_at'),
    codBlockedBy: integer('cod_blocked_by').references(() => staff.id, { onDelete: 'restrict' }),
    codBlockReason: text('cod_block_reason'),
  },
  (t) => [
    // The back office's order and customer search by the account's name.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The customer search by (part of) an email and by phone.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_idx').on(t.phoneNumber),
    // The customer list, newest first.
    index('users_created_idx').on(t.createdAt, t.id),
    check(
      'users_cod_block_whole',
      sql`(${t.codBlockedAt} IS NULL) = (${t.codBlockReason} IS NULL) AND (${t.codBlockedAt} IS NULL) = (${t.codBlockedBy} IS NULL)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the random session id; the id itself is only ever in the cookie.
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    email: text('email').primaryKey(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [check('otp_codes_attempts_nonnegative', sql`${t.attempts} >= 0`)],
);

/**
 * What a right code grants the browser that entered it, for a short while: registering the
 * address ('signup') or setting a new password ('password-reset'). The token lives only in
 * that browser's HttpOnly cookie; the row keeps its sha256. Single use.
 */
export const otpGrants = pgTable(
  'otp_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'password-reset'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('otp_grants_expires_idx').on(t.expiresAt),
    check('otp_grants_purpose', sql`${t.purpose} IN ('signup', 'password-reset')`),
  ],
);

export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    streetName: text('street_name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // The customer search by phone.
  (t) => [index('shipping_addresses_phone_idx').on(t.phone)],
);

// ───────────────────────────── cart ─────────────────────────────

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
    // The line's print (decision 049): '' / null / false is the plain shirt. A line is
    // (product, size, print), so two prints of one shirt are two lines.
    printName: text('print_name').notNull().default(''),
    printNumber: smallint('print_number'),
    printPatch: boolean('print_patch').notNull().default(false),
  },
  (t) => [
    unique('cart_items_line_uq')
      .on(t.userId, t.productId, t.size, t.printName, t.printNumber, t.printPatch)
      .nullsNotDistinct(),
    check(
      'cart_items_print_valid',
      sql`length(${t.printName}) <= 12 AND (${t.printNumber} IS NULL OR ${t.printNumber} BETWEEN 0 AND 99)`,
    ),
    foreignKey({
      columns: [t.productId, t.size],
      foreignColumns: [productSizes.productId, productSizes.size],
      name: 'cart_items_product_size_fk',
    }).onDelete('cascade'),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * A logged-in shopper's wishlist (decision 048): one row per jersey hearted, at most
 * WISHLIST_LIMIT per shopper (the service counts under the user row's lock).
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_items_user_added_idx').on(t.userId, t.addedAt),
  ],
);

/**
 * "Notify me" on a sold-out size: an address waiting for it. When the size's stock goes from
 * 0 to more, by whatever statement, a trigger (migration 0020) writes one outbox mail per
 * waiting row and marks it notified in the same transaction.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull(),
    size: text('size').notNull(),
    // Stored lower-cased, so one address waits once per size; a logged-in shopper's is their
    // account's (an erasure deletes the rows of its address).
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    notifiedAt: timestamptz('notified_at'),
    // A guest's address waits unconfirmed until the mailed link is opened (only the token's
    // hash is kept); a logged-in shopper's own address is confirmed at once. Only confirmed
    // requests are mailed when the size is back (decision 047).
    confirmedAt: timestamptz('confirmed_at'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamptz('confirm_expires_at'),
  },
  (t) => [
    foreignKey({
      columns: [t.productId, t.size],
      foreignColumns: [productSizes.productId, productSizes.size],
      name: 'back_in_stock_product_size_fk',
    }).onDelete('cascade'),
    uniqueIndex('back_in_stock_waiting_uq')
      .on(t.productId, t.size, t.email)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('back_in_stock_email_idx').on(t.email, t.createdAt),
  ],
);

// ───────────────────────────── referrals ─────────────────────────────

export const affiliates = pgTable('affiliates', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const campaignCodes = pgTable('campaign_codes', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    // The code exactly as received, even when it matches nothing.
    code: text('code').notNull(),
    affiliateId: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    campaignCode: text('campaign_code').references(() => campaignCodes.code, {
      onDelete: 'set null',
    }),
    valid: boolean('valid').notNull(),
    type: text('type'),
    url: text('url'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Hash of the browser's token, to count repeated clicks once.
    visitorKey: text('visitor_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('referral_clicks_kind_valid', sql`${t.kind} IN ('affiliate', 'campaign')`),
    index('referral_clicks_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('referral_clicks_visitor_idx').on(t.code, t.visitorKey, t.createdAt),
    // A logged-in shopper's latest click on a code (recentClick); user first, it also serves
    // the users foreign key's ON DELETE SET NULL.
    index('referral_clicks_user_idx').on(t.userId, t.code, t.createdAt),
  ],
);

// ───────────────────────────── giveaways ─────────────────────────────

/**
 * A giveaway (decision 050): its page /giveaway/{slug} takes entries from logged-in shoppers
 * between starts_at and ends_at; after the end staff draw one winner. The draw's seed picks
 * the winner's index among the entries in id order, so anyone can re-check it.
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    rules: text('rules').notNull().default(''),
    /** Relative to DATA_DIR, as a product's pictures; null: none yet. */
    picture: text('picture'),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** The featured products, in the order staff listed them. */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    drawnAt: timestamptz('drawn_at'),
    /** The draw's 32 random bytes, hex. */
    drawSeed: text('draw_seed'),
    winnerEntryId: bigint('winner_entry_id', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('giveaways_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('giveaways_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'giveaways_draw_whole',
      sql`(${t.drawnAt} IS NULL) = (${t.drawSeed} IS NULL) AND (${t.drawnAt} IS NULL) = (${t.winnerEntryId} IS NULL)`,
    ),
  ],
);

/** One shopper's entry into a giveaway (one each), with the referral it came through. */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    giveawayId: integer('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    affiliateId: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    campaignCode: text('campaign_code').references(() => campaignCodes.code, {
      onDelete: 'set null',
    }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('giveaway_entries_one_per_shopper').on(t.giveawayId, t.userId),
    index('giveaway_entries_user_idx').on(t.userId),
  ],
);

// ───────────────────────────── kit launches (decision 070) ─────────────────────────────

/**
 * A scheduled drop: its products go on sale at `starts_at`; until `limits_until` each fan may
 * buy at most `per_fan_limit` pieces of each size of each, unpaid holds last `hold_minutes`,
 * and cash on delivery is taken only when `cod_allowed`. Canceled launches keep their row.
 */
export const launches = pgTable(
  'launches',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    limitsUntil: timestamptz('limits_until').notNull(),
    perFanLimit: integer('per_fan_limit').notNull(),
    codAllowed: boolean('cod_allowed').notNull().default(false),
    holdMinutes: integer('hold_minutes').notNull(),
    canceledAt: timestamptz('canceled_at'),
    /** When the "notify me" mails were written to the outbox (once, at the start). */
    alertsSentAt: timestamptz('alerts_sent_at'),
    /**
     * While a launch is upcoming or its limits are on, a size of its jerseys coming back into
     * stock mails no "back in stock" request (the piece is the next admitted fan's): when its
     * limits end or it is canceled, the sweep mails those of sizes in stock then, and sets this.
     */
    restockMailedAt: timestamptz('restock_mailed_at'),
    /**
     * The waiting room: it opens this many minutes before the start (0: no queue); from the
     * start fans are admitted in order, `admit_per_minute`, each with `turn_minutes` to check
     * out. `queue_length` counts the places given (the next place's number).
     */
    queueOpensMinutes: integer('queue_opens_minutes').notNull().default(10),
    admitPerMinute: integer('admit_per_minute').notNull().default(300),
    turnMinutes: integer('turn_minutes').notNull().default(10),
    queueLength: integer('queue_length').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('launches_limits_after_start', sql`${t.limitsUntil} > ${t.startsAt}`),
    check('launches_queue_opens_range', sql`${t.queueOpensMinutes} BETWEEN 0 AND 120`),
    check('launches_admit_per_minute_range', sql`${t.admitPerMinute} BETWEEN 10 AND 6000`),
    check('launches_turn_minutes_range', sql`${t.turnMinutes} BETWEEN 5 AND 60`),
    check('launches_per_fan_limit_range', sql`${t.perFanLimit} BETWEEN 1 AND 10`),
    check('launches_hold_minutes_range', sql`${t.holdMinutes} BETWEEN 2 AND 60`),
  ],
);

/** The products a launch puts on sale. */
export const launchProducts = pgTable(
  'launch_products',
  {
    launchId: integer('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.launchId, t.productId] }),
    index('launch_products_product_idx').on(t.productId),
  ],
);

/**
 * A launch's waiting room: one place per fan's account and per browser, numbered by arrival;
 * a fan who let their turn pass takes a new place at the end (`position` changes).
 */
export const launchQueue = pgTable(
  'launch_queue',
  {
    launchId: integer('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The browser's visitor key (sha256 of its cookie): one place per browser. */
    browserKey: text('browser_key').notNull(),
    /** The client's address: at most a few places per address. */
    ip: text('ip').notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.launchId, t.userId] }),
    uniqueIndex('launch_queue_position_uq').on(t.launchId, t.position),
    uniqueIndex('launch_queue_browser_uq').on(t.launchId, t.browserKey),
    index('launch_queue_ip_idx').on(t.launchId, t.ip),
  ],
);

/** Fans who asked to be mailed when a launch drops (the launch's alerts_sent_at: written). */
export const launchAlerts = pgTable(
  'launch_alerts',
  {
    launchId: integer('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.launchId, t.userId] }),
    index('launch_alerts_user_idx').on(t.userId),
  ],
);

// ───────────────────────────── coupons ─────────────────────────────

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    // Stored upper-cased; shoppers may type it in any case.
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    // Paise for 'flat', whole percent for 'percent'.
    value: integer('value').notNull(),
    maxDiscountPaise: integer('max_discount_paise'),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsAt: timestamptz('starts_at').notNull().defaultNow(),
    endsAt: timestamptz('ends_at'),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    // Whether the coupon also applies on top of wholesale prices (decision 045).
    stacksWithWholesale: boolean('stacks_with_wholesale').notNull().default(false),
    // Only this shopper may use it (a cart reminder's own coupon, decision 065); null: anyone.
    forUserId: integer('for_user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('coupons_kind_valid', sql`${t.kind} IN ('flat', 'percent')`),
    check(
      'coupons_value_valid',
      sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`,
    ),
    check('coupons_used_within_limit', sql`${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses}`),
    check('coupons_used_nonnegative', sql`${t.usedCount} >= 0`),
  ],
);

export const couponProducts = pgTable(
  'coupon_products',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] })],
);

export const couponCategories = pgTable(
  'coupon_categories',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.categoryId] })],
);

// ───────────────────────────── orders and payments ─────────────────────────────

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderStatus: text('order_status').notNull().default('Pending'),
    paymentStatus: text('payment_status').notNull().default('UNPAID'),
    paymentMethod: text('payment_method').notNull().default('Online'),
    // {first_name, last_name, street_name, city, state, pincode, phone} as entered at checkout.
    shippingAddress: jsonb('shipping_address').notNull(),
    state: text('state').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    shippingPaise: integer('shipping_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    affiliateId: integer('affiliate_id').references(() => affiliates.id),
    campaignCode: text('campaign_code').references(() => campaignCodes.code),
    idempotencyKey: text('idempotency_key'),
    // Stock is held for an unpaid order until this time; then the sweep gives it back.
    reservedUntil: timestamptz('reserved_until'),
    stockReleased: boolean('stock_released').notNull().default(false),
    expectedDate: date('expected_date', { mode: 'string' }),
    trackingId: text('tracking_id'),
    trackingLink: text('tracking_link'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
    // The order's life after payment (OPERATIONS.md, Order lifecycle); each step also has its
    // row in order_events. Packed is a stage inside Processing, not a status of its own.
    packedAt: timestamptz('packed_at'),
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    canceledAt: timestamptz('canceled_at'),
    cancelReason: text('cancel_reason'),
    courierName: text('courier_name'),
    // Cash on delivery (OPERATIONS.md, Shipping): the fee shown before the order was placed,
    // and the shopper's confirmation by the mailed link (a hash of its token; valid until
    // cod_confirm_expires_at) before the order may be packed.
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    codConfirmTokenHash: text('cod_confirm_token_hash'),
    codConfirmExpiresAt: timestamptz('cod_confirm_expires_at'),
    codConfirmedAt: timestamptz('cod_confirmed_at'),
    // The buyer of an approved wholesaler's order as it was when the order was placed
    // (decision 046): {legal_name, address, gstin (null: not registered)}; the B2B invoice
    // prints it, so a later edit of the application never changes a placed order's invoice.
    wholesaleBuyer: jsonb('wholesale_buyer'),
    // The e-way bill staff generated on the government portal for an order above ₹50,000
    // (decision 046): 12 digits, asked for before it ships, printed on its invoice.
    ewayBillNumber: text('eway_bill_number'),
    ewayBillAt: timestamptz('eway_bill_at'),
  },
  (t) => [
    check(
      'orders_status_valid',
      sql`${t.orderStatus} IN ('Pending', 'Processing', 'Shipped', 'Completed', 'Canceled')`,
    ),
    check(
      'orders_payment_status_valid',
      sql`${t.paymentStatus} IN ('UNPAID', 'SUCCESS', 'FAILED')`,
    ),
    check(
      'orders_money_valid',
      sql`${t.subtotalPaise} >= 0 AND ${t.shippingPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.codFeePaise} >= 0 AND ${t.totalPaise} = ${t.subtotalPaise} + ${t.shippingPaise} + ${t.codFeePaise} - ${t.discountPaise} AND ${t.totalPaise} >= 0`,
    ),
    check('orders_payment_method_valid', sql`${t.paymentMethod} IN ('Online', 'COD')`),
    // Cash-on-delivery orders still waiting for the shopper's confirmation (the sweep's).
    index('orders_cod_unconfirmed_idx')
      .on(t.createdAt)
      .where(
        sql`${t.paymentMethod} = 'COD' AND ${t.codConfirmedAt} IS NULL AND ${t.orderStatus} = 'Pending'`,
      ),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_unpaid_reserved_idx')
      .on(t.reservedUntil)
      .where(sql`${t.paymentStatus} <> 'SUCCESS' AND ${t.stockReleased} = false`),
    // A shopper's online orders holding stock unpaid, which checkout and Pay Now count under
    // the shopper's lock: a few entries a shopper, however many orders they placed before.
    index('orders_unpaid_holds_idx')
      .on(t.userId, t.reservedUntil)
      .where(
        sql`${t.paymentMethod} = 'Online' AND ${t.paymentStatus} <> 'SUCCESS' AND ${t.orderStatus} = 'Pending' AND ${t.stockReleased} = false`,
      ),
    index('orders_affiliate_idx').on(t.affiliateId),
    // The dashboard's sales by the day paid, and the orders waiting to be packed or shipped:
    // paid ones and confirmed cash-on-delivery ones (paid on delivery), oldest first — the
    // predicate the staff digest, the dashboard and the order list's to-pack filter all write.
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paymentStatus} = 'SUCCESS'`),
    index('orders_to_pack_idx')
      .on(sql`(COALESCE(${t.paidAt}, ${t.codConfirmedAt}))`, t.id)
      .where(
        sql`${t.orderStatus} = 'Processing' AND (${t.paymentStatus} = 'SUCCESS' OR ${t.paymentMethod} = 'COD')`,
      ),
    // The back office's order list: newest first, by status, and found by phone.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.orderStatus, t.createdAt, t.id),
    index('orders_mobile_idx').on(t.mobileNumber),
    // The list's Wholesale filter and a wholesaler's orders.
    index('orders_wholesale_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.wholesaleBuyer} IS NOT NULL`),
    check('orders_eway_bill_valid', sql`${t.ewayBillNumber} ~ '^[0-9]{12}$'`),
    // The order search's name on the label, as orders.admin.queries.ts writes it.
    index('orders_label_name_trgm_idx').using(
      'gin',
      sql`(((${t.shippingAddress} ->> 'first_name') || ' ') || (${t.shippingAddress} ->> 'last_name')) gin_trgm_ops`,
    ),
  ],
);

export const ORDER_EVENT_TYPES = [
  'placed',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'canceled',
  'refund_requested',
  'refunded',
  'refund_failed',
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'exchange_shipped',
  // An exchange's replacement parcel reached the shopper, or came back to the shop.
  'exchange_delivered',
  'exchange_returned',
  // A return's pickup through the courier: booked, collected from the shopper, at the shop,
  // or canceled by the courier (decision 067).
  'return_pickup_booked',
  'return_picked_up',
  'return_arrived',
  'return_pickup_canceled',
  'note',
  // Cash on delivery and the courier's news (OPERATIONS.md, Shipping).
  'cod_confirmed',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'reattempt_requested',
  'rto_initiated',
  'rto_received',
] as const;
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** What happened to an order, by whom and when: its timeline (OPERATIONS.md). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ORDER_EVENT_TYPES }).notNull(),
    // Who: the shopper, a staff member (staff_id), the payment provider or the shop itself.
    actor: text('actor', { enum: ['shopper', 'staff', 'provider', 'system'] }).notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    // What the step carried: courier and tracking, refund amount, return id.
    data: jsonb('data').notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_type_valid', sql`${t.type} IN (${sqlList(ORDER_EVENT_TYPES)})`),
    check(
      'order_events_actor_valid',
      sql`${t.actor} IN ('shopper', 'staff', 'provider', 'system')`,
    ),
  ],
);

/**
 * Money given back through the payment provider. `requested`: written, not yet accepted by
 * the provider (sent again until it is); `pending`: the provider took it; `processed` or
 * `failed`: its final word. One idempotency key is one refund, here and at the provider.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    // The captured payment it gives money back on; null for a payout (cash on delivery).
    paymentId: integer('payment_id').references(() => payments.id),
    // 'provider': through the payment provider; 'payout': a bank or UPI transfer staff make
    // and record with its reference (a cash-on-delivery order has no payment to refund to).
    method: text('method', { enum: ['provider', 'payout'] })
      .notNull()
      .default('provider'),
    provider: text('provider').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    // A payout's destination as the shopper gave it ({ method: 'upi', upi_id } or
    // { method: 'bank', account_name, account_number, ifsc }), and the transfer's UTR.
    payoutTo: jsonb('payout_to'),
    utr: text('utr'),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: ['requested', 'pending', 'processed', 'failed'] })
      .notNull()
      .default('requested'),
    reason: text('reason').notNull().default(''),
    // Who asked: a staff member, or null for the shop itself (a cancellation's full refund).
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    returnId: integer('return_id').references(() => orderReturns.id),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_provider_refund_uq').on(t.provider, t.providerRefundId),
    index('refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('requested', 'pending')`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'refunds_method_valid',
      sql`(${t.method} = 'provider' AND ${t.paymentId} IS NOT NULL) OR (${t.method} = 'payout' AND ${t.paymentId} IS NULL AND ${t.payoutTo} IS NOT NULL)`,
    ),
    check(
      'refunds_status_valid',
      sql`${t.status} IN ('requested', 'pending', 'processed', 'failed')`,
    ),
  ],
);

/**
 * A shopper's return or size exchange of a delivered order: requested, then approved or
 * rejected by support; an approved one is received (restocked, refunded for a return) and,
 * for an exchange, the replacement is shipped.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['return', 'exchange'] }).notNull(),
    status: text('status', {
      enum: ['requested', 'approved', 'rejected', 'received', 'shipped', 'delivered'],
    })
      .notNull()
      .default('requested'),
    reason: text('reason').notNull(),
    // The shopper says the piece arrived damaged or faulty (the only way a printed shirt comes
    // back, decision 051); staff inspect it.
    defect: boolean('defect').notNull().default(false),
    // Where a cash-on-delivery order's return is paid out (UPI id or bank account), as the
    // shopper gave it with the request; null for orders paid online.
    payout: jsonb('payout'),
    // Picture keys of the shopper's photos (the catalogue's picture store).
    photos: jsonb('photos').notNull().default([]),
    decisionNote: text('decision_note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'restrict' }),
    decidedAt: timestamptz('decided_at'),
    receivedAt: timestamptz('received_at'),
    // The replacement of an exchange (its parcel: the shipments row with this return_id).
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    courierName: text('courier_name'),
    trackingId: text('tracking_id'),
    trackingLink: text('tracking_link'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_status_idx').on(t.status, t.id),
    check('order_returns_kind_valid', sql`${t.kind} IN ('return', 'exchange')`),
    check(
      'order_returns_status_valid',
      sql`${t.status} IN ('requested', 'approved', 'rejected', 'received', 'shipped', 'delivered')`,
    ),
  ],
);

/** The lines of a return: how many of an order line, and for an exchange the size wanted. */
export const orderReturnItems = pgTable(
  'order_return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    exchangeSize: text('exchange_size'),
  },
  (t) => [
    uniqueIndex('order_return_items_uq').on(t.returnId, t.orderItemId),
    // A kit launch counts a fan's exchanges by their order lines (decision 088).
    index('order_return_items_item_idx').on(t.orderItemId),
    check('order_return_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * The transactional outbox: a message is a row written in the same transaction as the event
 * that causes it, rendered from its template and data and sent by a worker (claimed with
 * FOR UPDATE SKIP LOCKED, retried with back-off). `dedupe_key` keeps a message from being
 * written twice (a daily digest).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'whatsapp'] })
      .notNull()
      .default('email'),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key').unique(),
    // canceled: no longer due when its turn came (a cart reminder after an order, decision 065).
    status: text('status', { enum: ['pending', 'sent', 'dead', 'canceled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // Not before this time: the back-off after a failure, or the lease of a worker sending it.
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_order_idx').on(t.orderId),
    check('outbox_status_valid', sql`${t.status} IN ('pending', 'sent', 'dead', 'canceled')`),
    check('outbox_channel_valid', sql`${t.channel} IN ('email', 'whatsapp')`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    productImageUrl: text('product_image_url').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    // The coupon's discount allocated to this line at checkout, for the tax invoice (the rate
    // depends on the price per piece after discount). Null on orders placed before it was kept.
    discountPaise: integer('discount_paise'),
    // The print on this line's shirts (decision 049); unit_price_paise includes its price,
    // print_price_paise says how much of it is the print. '' / null / false / 0: none.
    printName: text('print_name').notNull().default(''),
    printNumber: smallint('print_number'),
    printPatch: boolean('print_patch').notNull().default(false),
    printPricePaise: integer('print_price_paise').notNull().default(0),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_items_print_price_valid',
      sql`${t.printPricePaise} >= 0 AND ${t.printPricePaise} <= ${t.unitPricePaise}`,
    ),
    check(
      'order_items_print_valid',
      sql`length(${t.printName}) <= 12 AND (${t.printNumber} IS NULL OR ${t.printNumber} BETWEEN 0 AND 99)`,
    ),
    check(
      'order_items_discount_valid',
      sql`${t.discountPaise} IS NULL OR (${t.discountPaise} >= 0 AND ${t.discountPaise} <= ${t.quantity} * ${t.unitPricePaise})`,
    ),
    check('order_items_price_nonnegative', sql`${t.unitPricePaise} >= 0`),
    unique('order_items_line_uq')
      .on(t.orderId, t.productId, t.size, t.printName, t.printNumber, t.printPatch)
      .nullsNotDistinct(),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountPaise: integer('discount_paise').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    check('coupon_redemptions_discount_nonnegative', sql`${t.discountPaise} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    // The provider's id for this payment (Razorpay: plink_…; sandbox: its own id).
    providerRef: text('provider_ref').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    paymentUrl: text('payment_url').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
    check(
      'payments_status_valid',
      sql`${t.status} IN ('created', 'paid', 'failed', 'expired', 'cancelled')`,
    ),
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export const paymentEvents = pgTable('payment_events', {
  // The provider's event id (Razorpay: x-razorpay-event-id); a replay hits this key.
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

// ───────────────────────────── reviews, wholesale, feedback ─────────────────────────────

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    subject: text('subject').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    // Hidden by staff: not shown on the product page nor counted in its rating.
    hiddenAt: timestamptz('hidden_at'),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    uniqueIndex('reviews_order_product_uq').on(t.orderId, t.productId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
  ],
);

export const wholesaleApplications = pgTable(
  'wholesale_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopName: text('shop_name').notNull(),
    shopLocation: text('shop_location').notNull(),
    gst: text('gst'),
    requestingPerson: text('requesting_person').notNull(),
    contactNumber: text('contact_number').notNull(),
    aboutShop: text('about_shop').notNull().default(''),
    status: text('status').notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // The staff decision: the price list an approved shop buys at (none: retail prices, but
    // B2B invoices), or why it was rejected.
    priceListId: integer('price_list_id').references(() => wholesalePriceLists.id, {
      onDelete: 'restrict',
    }),
    rejectReason: text('reject_reason'),
    decidedAt: timestamptz('decided_at'),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'restrict' }),
    // The business as registered for GST, entered by staff at approval (the contract's
    // RegisteredBusiness: legal_name, street, city, pincode, state): a B2B invoice's Bill to.
    // Null for shops approved before it was asked for: their invoices bill the shop's location.
    registered: jsonb('registered'),
  },
  (t) => [check('wholesale_status_valid', sql`${t.status} IN ('pending', 'approved', 'rejected')`)],
);

// A wholesale price list (decision 045): base prices by rule (`rules`: a percentage off or a
// fixed price, per product or category, or for everything), quantity tiers by the order's
// pieces (`tiers`), and a minimum order. Rules and tiers are checked by the contract's
// schemas when staff save them; placed orders keep their unit prices, so an edit reaches new
// carts and orders only.
export const wholesalePriceLists = pgTable(
  'wholesale_price_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    rules: jsonb('rules').notNull().default([]),
    tiers: jsonb('tiers').notNull().default([]),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    minOrderPieces: integer('min_order_pieces').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'wholesale_price_lists_minimums',
      sql`${t.minOrderPaise} >= 0 AND ${t.minOrderPieces} >= 0`,
    ),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    feedback: text('feedback').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // Read and dealt with by staff.
    handledAt: timestamptz('handled_at'),
    handledBy: integer('handled_by').references(() => staff.id, { onDelete: 'restrict' }),
  },
  (t) => [check('feedback_not_blank', sql`length(btrim(${t.feedback})) > 0`)],
);

// ───────────────────────────── search ─────────────────────────────

/** Distinct words of the catalogue, for correcting misspelled search words by trigrams. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

// ───────────────────────────── rate limits ─────────────────────────────

/**
 * Fixed-window request counters of the rate limits (login, OTP), shared by every server
 * process; `key` names the rule and what it counts (an address or an IP).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

// ───────────────────────────── back office ─────────────────────────────

/** Staff of the back office: not shoppers, with their own sessions (OPERATIONS.md). */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    // Stored lower-cased.
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'packer', 'support'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    // Base32 TOTP secret once two-factor is enrolled; the last time step used, so that a
    // code cannot be replayed.
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamptz('disabled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('staff_role', sql`${t.role} IN ('owner', 'manager', 'packer', 'support')`)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    // sha256 of the random id in the `staff` cookie.
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    // Password given, second factor not yet: good for the second-factor call only.
    pendingSecondFactor: boolean('pending_second_factor').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time codes that stand in for a TOTP code (a lost phone); stored as sha256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * Setup links: the first owner's (printed by npm start), an invitation (email and role set),
 * or a reset of an existing staff member (staff_id set). Used once, then deleted.
 */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    // How the back office names an invitation (to resend or revoke it); a resend makes a new
    // row, so a new id.
    id: serial('id').notNull().unique(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    email: text('email'),
    name: text('name'),
    role: text('role', { enum: ['owner', 'manager', 'packer', 'support'] }).notNull(),
    // The secret the person enrols in their authenticator app from this link.
    totpSecret: text('totp_secret').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('staff_setup_tokens_role', sql`${t.role} IN ('owner', 'manager', 'packer', 'support')`),
  ],
);

export const AUDIT_ACTORS = [
  'staff',
  'command_line',
  'courier',
  'payment_provider',
  'sweep',
  'shopper',
] as const;

/** Every back-office change: who, when, from where, what, and the fields before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    // Who acted when no staff member did: the command line, a courier's or the payment
    // provider's webhook, the shop's sweep, the shopper. Null on entries written before it.
    actor: text('actor', { enum: AUDIT_ACTORS }),
    ip: text('ip'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.id),
    index('audit_log_at_idx').on(t.at),
    check(
      'audit_log_actor',
      sql`${t.actor} IN ('staff', 'command_line', 'courier', 'payment_provider', 'sweep', 'shopper')`,
    ),
  ],
);

/**
 * The shop's own details, one row: the contact page, the footer, mails and (later) tax
 * invoices read them. Edited by the owner in the back office.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    // Street lines, one per line; city, state and pincode apart.
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    gstin: text('gstin').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    supportHours: text('support_hours').notNull(),
    // The delivery promise (OPERATIONS.md, Shipping): orders paid by the cut-off (Indian time,
    // HH:MM) leave that working day; then the zone's days in transit.
    dispatchCutoff: text('dispatch_cutoff').notNull().default('14:00'),
    deliveryDaysSameCity: smallint('delivery_days_same_city').notNull().default(1),
    deliveryDaysSameState: smallint('delivery_days_same_state').notNull().default(2),
    deliveryDaysMetro: smallint('delivery_days_metro').notNull().default(3),
    deliveryDaysRestOfIndia: smallint('delivery_days_rest_of_india').notNull().default(5),
    deliveryDaysNorthEastJk: smallint('delivery_days_north_east_jk').notNull().default(8),
    // Cash on delivery: off until the owner turns it on; the fee shown before the order is
    // placed; the largest order it may pay; open COD orders one shopper may have; hours the
    // confirmation link is valid and hours before an unconfirmed order is cancelled; pincode
    // prefixes (3–6 digits) where it is off.
    codEnabled: boolean('cod_enabled').notNull().default(false),
    codFeePaise: integer('cod_fee_paise').notNull().default(4900),
    codMaxOrderPaise: integer('cod_max_order_paise').notNull().default(500000),
    codMaxOpenOrders: smallint('cod_max_open_orders').notNull().default(2),
    codConfirmHours: smallint('cod_confirm_hours').notNull().default(24),
    codCancelAfterHours: smallint('cod_cancel_after_hours').notNull().default(48),
    codExcludedPincodes: text('cod_excluded_pincodes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    // Couriers: the one staff ship with by default, the parcel's default weight and size,
    // and Shiprocket's pickup location (its name as set up in Shiprocket).
    defaultCourier: text('default_courier').notNull().default('manual'),
    parcelWeightGrams: integer('parcel_weight_grams').notNull().default(300),
    parcelLengthCm: smallint('parcel_length_cm').notNull().default(30),
    parcelBreadthCm: smallint('parcel_breadth_cm').notNull().default(25),
    parcelHeightCm: smallint('parcel_height_cm').notNull().default(3),
    shiprocketPickupLocation: text('shiprocket_pickup_location').notNull().default('Primary'),
    // The privacy policy's grievance officer (DPDP Act): who shoppers write to about their data.
    grievanceOfficerName: text('grievance_officer_name').notNull().default(''),
    grievanceOfficerEmail: text('grievance_officer_email').notNull().default(''),
    // Limits (issue 36): the largest refund a support agent's cancellation may make (above it
    // a manager or the owner cancels); unpaid orders one shopper may hold stock with at once,
    // and pieces of one size in one order (approved wholesalers excepted), so nobody can hold
    // a whole size unpaid.
    supportRefundLimitPaise: integer('support_refund_limit_paise').notNull().default(300000),
    unpaidOrdersMax: smallint('unpaid_orders_max').notNull().default(3),
    piecesPerSizeMax: smallint('pieces_per_size_max').notNull().default(10),
    // Shipping fees the owner sets (issue 41; contract ShippingRates): zones of states and
    // their fees, the fee for other states, free shipping above an amount. The spec's table
    // by default; a placed order keeps the fee it was quoted.
    shippingRates: jsonb('shipping_rates')
      .notNull()
      .default(
        sql`'{"zones":[{"label":"Kerala","states":["Kerala"],"fee_paise":6000},{"label":"Tamil Nadu and Karnataka","states":["Tamil Nadu","Karnataka"],"fee_paise":8500}],"other_fee_paise":10000,"free_above_paise":null}'::jsonb`,
      ),
    // E-invoicing (decision 068): the highest aggregate annual turnover of any financial year
    // since 2017-18, in rupees, as the owner states it; above ₹5 crore B2B invoices need an
    // IRN. Null until the owner states it.
    highestAatoRupees: bigint('highest_aato_rupees', { mode: 'number' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check(
      'shop_settings_aato_valid',
      sql`${t.highestAatoRupees} IS NULL OR ${t.highestAatoRupees} BETWEEN 0 AND 100000000000000`,
    ),
    check(
      'shop_settings_limits_valid',
      sql`${t.supportRefundLimitPaise} BETWEEN 0 AND 100000000
        AND ${t.unpaidOrdersMax} BETWEEN 1 AND 20 AND ${t.piecesPerSizeMax} BETWEEN 1 AND 999`,
    ),
    check(
      'shop_settings_cutoff_valid',
      sql`${t.dispatchCutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check(
      'shop_settings_delivery_days_valid',
      sql`${t.deliveryDaysSameCity} BETWEEN 0 AND 30 AND ${t.deliveryDaysSameState} BETWEEN 0 AND 30
        AND ${t.deliveryDaysMetro} BETWEEN 0 AND 30 AND ${t.deliveryDaysRestOfIndia} BETWEEN 0 AND 30
        AND ${t.deliveryDaysNorthEastJk} BETWEEN 0 AND 30`,
    ),
    check(
      'shop_settings_cod_valid',
      sql`${t.codFeePaise} BETWEEN 0 AND 100000 AND ${t.codMaxOrderPaise} BETWEEN 0 AND 100000000
        AND ${t.codMaxOpenOrders} BETWEEN 1 AND 100 AND ${t.codConfirmHours} BETWEEN 1 AND 168
        AND ${t.codCancelAfterHours} BETWEEN 1 AND 336`,
    ),
    check(
      'shop_settings_courier_valid',
      sql`${t.defaultCourier} IN ('manual', 'sandbox', 'shiprocket')
        AND ${t.parcelWeightGrams} BETWEEN 1 AND 100000 AND ${t.parcelLengthCm} BETWEEN 1 AND 300
        AND ${t.parcelBreadthCm} BETWEEN 1 AND 300 AND ${t.parcelHeightCm} BETWEEN 1 AND 300`,
    ),
  ],
);

// ───────────────────────────── reports ─────────────────────────────

// The dashboard's sales per Indian day and per product and day, for days that have ended;
// today's are read live. A day's rows are written when the dashboard first needs them and
// written again when marked stale: a trigger on orders (migration 0016) marks the paid day of
// any order whose sale changes (paid, canceled, its total), so a cancellation of last week's
// order shows at the next look, and a payment takes no lock beyond its own row.
export const salesDays = pgTable('sales_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
  paise: bigint('paise', { mode: 'number' }).notNull(),
});

export const productSalesDays = pgTable(
  'product_sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull(),
    paise: bigint('paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

// The sales per product over the ended days of the 30-day window (sales_window says which),
// rebuilt from product_sales_days when the window moves or one of its days is rolled up again:
// the best sellers are its top five merged with today's products, read live.
export const productSalesWindow = pgTable(
  'product_sales_window',
  {
    productId: integer('product_id').primaryKey(),
    units: integer('units').notNull(),
    paise: bigint('paise', { mode: 'number' }).notNull(),
  },
  (t) => [index('product_sales_window_rank_idx').on(t.units.desc(), t.paise.desc(), t.productId)],
);

export const salesWindow = pgTable(
  'sales_window',
  {
    id: smallint('id').primaryKey().default(1),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [check('sales_window_single_row', sql`${t.id} = 1`)],
);

export const salesDaysStale = pgTable('sales_days_stale', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

// ───────────────────────────── GST documents ─────────────────────────────

// The last serial handed out per series (a kind in a financial year, e.g. 'invoice', '2026-27').
// A document takes the next serial by updating this row in its own transaction: the row lock
// makes concurrent documents wait in turn, and a rolled-back transaction returns its number,
// so the series has no gaps and no repeats.
export const taxSeries = pgTable(
  'tax_series',
  {
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check(
      'tax_series_kind_valid',
      sql`${t.kind} IN ('invoice', 'credit_note', 'delivery_challan')`,
    ),
    check('tax_series_year_valid', sql`${t.financialYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('tax_series_serial_nonnegative', sql`${t.lastSerial} >= 0`),
  ],
);

// A tax invoice or credit note as issued (CGST Rule 46 / 53): everything printed on it is kept
// here as it was at issue, seller and buyer included, so the document never changes when the
// settings, the product or the address do. Rows are immutable (a trigger refuses UPDATE and
// DELETE, migration 0015): a correction is a credit note.
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    // The printed number, at most 16 characters of letters, digits, '-' and '/'.
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    // A credit note's original invoice, and the return it is for (none: a cancellation).
    invoiceId: integer('invoice_id'),
    returnId: integer('return_id').references(() => orderReturns.id),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    reason: text('reason'),
    // {legal_name, address, city, state, state_code, pincode, gstin, phone, email}
    seller: jsonb('seller').notNull(),
    // {name, address, city, state, state_code, pincode, phone, gstin (registered buyers)}
    buyer: jsonb('buyer').notNull(),
    buyerGstin: text('buyer_gstin'),
    placeOfSupply: text('place_of_supply').notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    // 'intra': CGST + SGST; 'inter': IGST.
    supplyType: text('supply_type').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
  },
  (t) => [
    foreignKey({ columns: [t.invoiceId], foreignColumns: [t.id] }),
    uniqueIndex('tax_documents_series_serial_uq').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('tax_documents_order_invoice_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_kind_issued_idx').on(t.kind, t.issuedAt),
    index('tax_documents_invoice_idx').on(t.invoiceId),
    check(
      'tax_documents_kind_valid',
      sql`${t.kind} IN ('invoice', 'credit_note', 'delivery_challan')`,
    ),
    check('tax_documents_number_valid', sql`${t.number} ~ '^[A-Za-z0-9/-]{1,16}$'`),
    // A credit note corrects an invoice and a delivery challan moves goods against one.
    check(
      'tax_documents_credit_note_has_invoice',
      sql`(${t.kind} = 'invoice') = (${t.invoiceId} IS NULL)`,
    ),
    check('tax_documents_supply_type_valid', sql`${t.supplyType} IN ('intra', 'inter')`),
    check(
      'tax_documents_amounts_add_up',
      sql`${t.taxablePaise} >= 0 AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0
        AND ${t.igstPaise} >= 0
        AND ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);

// A document's lines: goods per order line (split when its pieces fall on different rates)
// and shipping as a line of its own. Amounts are positive on credit notes too (the kind says
// which way they go). Values include GST; taxable = value − discount − tax.
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => taxDocuments.id),
    lineNo: smallint('line_no').notNull(),
    kind: text('kind').notNull(),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    description: text('description').notNull(),
    hsn: text('hsn').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull().default('PCS'),
    // The selling price of one piece, GST included, before the coupon.
    unitPricePaise: integer('unit_price_paise').notNull(),
    valuePaise: integer('value_paise').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    // Basis points: 500 = 5%, 1800 = 18%.
    rateBp: integer('rate_bp').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.lineNo] }),
    check('tax_document_lines_kind_valid', sql`${t.kind} IN ('goods', 'shipping', 'cod_fee')`),
    check('tax_document_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('tax_document_lines_rate_valid', sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`),
    check(
      'tax_document_lines_amounts_add_up',
      sql`${t.valuePaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.taxablePaise} >= 0
        AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0 AND ${t.igstPaise} >= 0
        AND ${t.totalPaise} = ${t.valuePaise} - ${t.discountPaise}
        AND ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);

// A B2B invoice's registration on the Invoice Registration Portal (decision 068): written
// 'pending' in the ship step's transaction when e-invoicing applies, then filled once by the
// IRP's response (IRN, acknowledgement, signed invoice and QR) or canceled within 24 hours. The
// document row itself never changes; its e-invoice lives here.
export const eInvoices = pgTable(
  'e_invoices',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => taxDocuments.id),
    status: text('status', { enum: ['pending', 'registered', 'canceled'] })
      .notNull()
      .default('pending'),
    irn: text('irn').unique(),
    ackNo: text('ack_no'),
    ackAt: timestamptz('ack_at'),
    signedInvoice: text('signed_invoice'),
    signedQrCode: text('signed_qr_code'),
    // Tries so far; the sweep's next try (far off after a refusal: staff register again).
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    // The last failure in staff's words (the IRP's code and message), null once registered.
    lastError: text('last_error'),
    // True when the IRP refused the document (not a failure to reach it): no automatic retry.
    refused: boolean('refused').notNull().default(false),
    cancelReason: text('cancel_reason'),
    cancelRemark: text('cancel_remark'),
    canceledAt: timestamptz('canceled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('e_invoices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('e_invoices_status_valid', sql`${t.status} IN ('pending', 'registered', 'canceled')`),
    check(
      'e_invoices_registered_complete',
      sql`${t.status} = 'pending' OR (${t.irn} IS NOT NULL AND ${t.ackNo} IS NOT NULL
        AND ${t.ackAt} IS NOT NULL AND ${t.signedQrCode} IS NOT NULL)`,
    ),
    check(
      'e_invoices_cancel_reason_valid',
      sql`${t.cancelReason} IS NULL OR ${t.cancelReason} IN ('1', '2', '3', '4')`,
    ),
  ],
);

/**
 * E-way bills (CGST Rule 138, decision 072): one row per e-way bill an invoice went out with —
 * generated through NIC's API (the JSON sent kept as sent) or typed by staff from the portal.
 * At most one active per order; a cancelled one stays, with NIC's reason, beside its
 * successor. Part B (the vehicle) may change while it is active.
 */
export const eWayBills = pgTable(
  'e_way_bills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => taxDocuments.id),
    number: text('number').notNull(),
    source: text('source', { enum: ['api', 'typed'] }).notNull(),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    generatedAt: timestamptz('generated_at').notNull(),
    // NIC's validity (1 day per 200 km by road); unknown for a typed number.
    validUntil: timestamptz('valid_until'),
    // The bill as sent to NIC's API; null for a typed number.
    request: jsonb('request'),
    vehicleNo: text('vehicle_no'),
    partBAt: timestamptz('part_b_at'),
    cancelReason: text('cancel_reason'),
    cancelRemark: text('cancel_remark'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('e_way_bills_one_active_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'active'`),
    index('e_way_bills_number_idx').on(t.number),
    check('e_way_bills_number_valid', sql`${t.number} ~ '^[0-9]{12}$'`),
    check('e_way_bills_status_valid', sql`${t.status} IN ('active', 'cancelled')`),
    check('e_way_bills_source_valid', sql`${t.source} IN ('api', 'typed')`),
    check(
      'e_way_bills_cancel_complete',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL AND ${t.cancelReason} IS NOT NULL)`,
    ),
    check(
      'e_way_bills_cancel_reason_valid',
      sql`${t.cancelReason} IS NULL OR ${t.cancelReason} IN ('1', '2', '3', '4')`,
    ),
  ],
);

// ───────────────────────────── shipping ─────────────────────────────

export const COURIERS = ['manual', 'sandbox', 'shiprocket'] as const;
/**
 * Which way a parcel travels: 'forward' from the shop to the shopper (the order's own parcel
 * or an exchange's replacement), 'reverse' from the shopper back to the shop (a return's
 * pickup, booked with the courier when the return is approved).
 */
export const SHIPMENT_DIRECTIONS = ['forward', 'reverse'] as const;
/** A parcel's life at the courier, as our webhook and the staff's screens name it. */
export const SHIPMENT_STATES = [
  // Written before the courier is asked; a retry finds it and asks again with its reference.
  'booking',
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'rto_initiated',
  'rto_delivered',
  'canceled',
] as const;

/**
 * A parcel handed to a courier for an order. `reference` is ours and unique (KR-<order>-<n>):
 * it is sent as the courier's order id, so a create retried after a timeout is found at the
 * courier instead of made twice (Shiprocket has no idempotency key). One live shipment per
 * order; a cancelled one leaves room for the next.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier', { enum: COURIERS }).notNull(),
    reference: text('reference').notNull().unique(),
    state: text('state', { enum: SHIPMENT_STATES }).notNull().default('booking'),
    // The courier's own ids and what the shopper sees.
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb'),
    courierName: text('courier_name'),
    trackingLink: text('tracking_link'),
    labelUrl: text('label_url'),
    weightGrams: integer('weight_grams').notNull(),
    codAmountPaise: integer('cod_amount_paise').notNull().default(0),
    // The exchange whose replacement this parcel carries (forward), or the return whose pieces
    // it brings back from the shopper (reverse); null: the order's own parcel. An order has
    // one live parcel of its own, one live replacement per exchange and one pickup per return.
    returnId: integer('return_id').references(() => orderReturns.id),
    direction: text('direction', { enum: SHIPMENT_DIRECTIONS }).notNull().default('forward'),
    // Booking attempts and the courier's last refusal, for the staff and the retry.
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // A failed delivery (NDR): the courier's reason, and the staff's answer.
    ndrReason: text('ndr_reason'),
    ndrAt: timestamptz('ndr_at'),
    ndrAttempts: smallint('ndr_attempts').notNull().default(0),
    ndrAction: text('ndr_action', { enum: ['reattempt', 'return'] }),
    ndrActionAt: timestamptz('ndr_action_at'),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_live_order_uq')
      .on(t.orderId)
      .where(sql`${t.state} <> 'canceled' AND ${t.returnId} IS NULL`),
    // A replacement back at the shop is done with: the exchange ships a new parcel.
    uniqueIndex('shipments_live_return_uq')
      .on(t.returnId)
      .where(
        sql`${t.state} NOT IN ('canceled', 'rto_delivered') AND ${t.returnId} IS NOT NULL AND ${t.direction} = 'forward'`,
      ),
    // A return is picked up once: a pickup the courier canceled leaves room for the next.
    uniqueIndex('shipments_live_pickup_uq')
      .on(t.returnId)
      .where(sql`${t.state} <> 'canceled' AND ${t.direction} = 'reverse'`),
    // A waybill names one live parcel of its courier; a canceled parcel's may be used again
    // (a parcel shipped by hand, canceled, then shipped with the same tracking id).
    uniqueIndex('shipments_courier_awb_uq')
      .on(t.courier, t.awb)
      .where(sql`${t.awb} IS NOT NULL AND ${t.state} <> 'canceled'`),
    // The staff's queue of failed deliveries waiting for an answer.
    index('shipments_ndr_idx')
      .on(t.ndrAt)
      .where(sql`${t.state} = 'delivery_failed' AND ${t.ndrAction} IS NULL`),
    check('shipments_courier_valid', sql`${t.courier} IN (${sqlList(COURIERS)})`),
    check('shipments_state_valid', sql`${t.state} IN (${sqlList(SHIPMENT_STATES)})`),
    check(
      'shipments_direction_valid',
      sql`${t.direction} = 'forward' OR (${t.direction} = 'reverse' AND ${t.returnId} IS NOT NULL AND ${t.codAmountPaise} = 0)`,
    ),
    check(
      'shipments_ndr_action_valid',
      sql`${t.ndrAction} IS NULL OR ${t.ndrAction} IN ('reattempt', 'return')`,
    ),
    check(
      'shipments_amounts_valid',
      sql`${t.weightGrams} > 0 AND ${t.codAmountPaise} >= 0 AND ${t.attempts} >= 0`,
    ),
  ],
);

/** Each tracking event a courier reported, once (its event id), in the order it happened. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    // The courier's id for the event (or one we derive from its fields): a repeat is dropped.
    eventKey: text('event_key').notNull(),
    state: text('state', { enum: SHIPMENT_STATES }).notNull(),
    location: text('location'),
    note: text('note'),
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    raw: jsonb('raw').notNull().default({}),
    // Came while the parcel's booking was not yet complete (its shipment 'booking'): not yet
    // applied to the shipment and the order; the booking's completion applies it, in order.
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    uniqueIndex('shipment_events_key_uq').on(t.shipmentId, t.eventKey),
    index('shipment_events_held_idx')
      .on(t.shipmentId)
      .where(sql`${t.held}`),
    check('shipment_events_state_valid', sql`${t.state} IN (${sqlList(SHIPMENT_STATES)})`),
  ],
);

/**
 * A courier's news of a waybill no shipment has yet: a booking whose response was lost (a
 * timeout, a crash) has its waybill only at the courier until the retry stores it. Kept here,
 * and moved onto the shipment (held) when a booking stores that waybill.
 */
export const courierUnmatchedEvents = pgTable(
  'courier_unmatched_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courier: text('courier', { enum: COURIERS }).notNull(),
    awb: text('awb').notNull(),
    eventKey: text('event_key').notNull(),
    state: text('state', { enum: SHIPMENT_STATES }).notNull(),
    location: text('location'),
    note: text('note'),
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    raw: jsonb('raw').notNull().default({}),
  },
  (t) => [
    uniqueIndex('courier_unmatched_events_key_uq').on(t.courier, t.awb, t.eventKey),
    index('courier_unmatched_events_received_idx').on(t.receivedAt),
    check('courier_unmatched_events_courier_valid', sql`${t.courier} IN (${sqlList(COURIERS)})`),
    check('courier_unmatched_events_state_valid', sql`${t.state} IN (${sqlList(SHIPMENT_STATES)})`),
  ],
);

/**
 * The built-in sandbox courier's own plan: the tracking events it will post to our webhook,
 * each at its time (a sweep posts the due ones), as a real courier would over days.
 */
export const sandboxCourierEvents = pgTable(
  'sandbox_courier_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    awb: text('awb').notNull(),
    state: text('state', { enum: SHIPMENT_STATES }).notNull(),
    location: text('location'),
    note: text('note'),
    dueAt: timestamptz('due_at').notNull(),
    postedAt: timestamptz('posted_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('sandbox_courier_events_due_idx')
      .on(t.dueAt)
      .where(sql`${t.postedAt} IS NULL`),
    index('sandbox_courier_events_awb_idx').on(t.awb),
  ],
);

// ───────────────────────────── operations ─────────────────────────────

/**
 * What the owner is warned about (outbox stuck, webhooks failing, backup old, disk full):
 * one row per kind, raised once and mailed once until it clears.
 */
export const ownerAlerts = pgTable('owner_alerts', {
  kind: text('kind').primaryKey(),
  raisedAt: timestamptz('raised_at'),
  mailedAt: timestamptz('mailed_at'),
  clearedAt: timestamptz('cleared_at'),
  detail: text('detail').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// ───────────────────────────── privacy ─────────────────────────────

/**
 * A shopper's request to erase their account (DPDP Act). `waiting` while an order is unpaid
 * or on its way (the reason says which); `done` once erased. One open request per shopper.
 */
export const accountErasures = pgTable(
  'account_erasures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state', { enum: ['waiting', 'done'] })
      .notNull()
      .default('waiting'),
    waitingReason: text('waiting_reason'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    doneAt: timestamptz('done_at'),
  },
  (t) => [
    uniqueIndex('account_erasures_user_uq').on(t.userId),
    index('account_erasures_waiting_idx')
      .on(t.requestedAt)
      .where(sql`${t.state} = 'waiting'`),
    check('account_erasures_state_valid', sql`${t.state} IN ('waiting', 'done')`),
  ],
);

// ───────────────────────────── customers ─────────────────────────────

/**
 * Staff notes on a shopper's account (issue 41), newest first on the customer page; each is
 * also in the audit log. Erasing the account deletes them; the shopper's data download shows
 * them (what and when, not who).
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    note: text('note').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_notes_user_idx').on(t.userId, t.createdAt),
    check('customer_notes_note_valid', sql`length(${t.note}) BETWEEN 1 AND 1000`),
  ],
);

// ───────────────────────────── WhatsApp ─────────────────────────────

/**
 * A shopper's WhatsApp order updates (decision 066): each opt-in is a row with the number,
 * the exact wording the shopper ticked and when; opting out stamps the row (from My Account,
 * or a STOP sent to the shop's number). The latest row is the shopper's choice; earlier rows
 * stay as the record of what was agreed. Erasing the account deletes them.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164 digits without the plus: 919876543210. */
    phone: text('phone').notNull(),
    wording: text('wording').notNull(),
    optedInAt: timestamptz('opted_in_at').notNull().defaultNow(),
    optedOutAt: timestamptz('opted_out_at'),
    optedOutBy: text('opted_out_by', { enum: ['account', 'stop'] }),
  },
  (t) => [
    index('whatsapp_consents_user_idx').on(t.userId, t.id),
    index('whatsapp_consents_phone_idx').on(t.phone),
    check('whatsapp_consents_phone_valid', sql`${t.phone} ~ '^[1-9][0-9]{7,14}$'`),
    check(
      'whatsapp_consents_out_valid',
      sql`(${t.optedOutAt} IS NULL) = (${t.optedOutBy} IS NULL) AND (${t.optedOutBy} IS NULL OR ${t.optedOutBy} IN ('account', 'stop'))`,
    ),
  ],
);

/**
 * A WhatsApp message the Cloud API accepted: its id (wamid) and the last status its webhooks
 * reported (sent, delivered, read or failed, with the error), against the outbox row.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    outboxId: bigint('outbox_id', { mode: 'number' })
      .primaryKey()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull().unique(),
    status: text('status', { enum: ['accepted', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('accepted'),
    error: text('error'),
    statusAt: timestamptz('status_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'whatsapp_messages_status_valid',
      sql`${t.status} IN ('accepted', 'sent', 'delivered', 'read', 'failed')`,
    ),
  ],
);

// ───────────────────────────── abandoned checkout recovery ─────────────────────────────

/** The owner's cart reminders (decision 065): off until the owner turns them on. One row. */
export const recoverySettings = pgTable(
  'recovery_settings',
  {
    id: smallint('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    waitMinutes: integer('wait_minutes').notNull().default(60),
    // A one-time coupon per reminder: 'flat' (paise) or 'percent'; null kind: no coupon.
    couponKind: text('coupon_kind'),
    couponValue: integer('coupon_value'),
    couponValidDays: integer('coupon_valid_days').notNull().default(7),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('recovery_settings_one_row', sql`${t.id} = 1`),
    check('recovery_settings_wait_valid', sql`${t.waitMinutes} BETWEEN 1 AND 10080`),
    check(
      'recovery_settings_coupon_valid',
      sql`(${t.couponKind} IS NULL AND ${t.couponValue} IS NULL)
          OR (${t.couponKind} = 'flat' AND ${t.couponValue} > 0)
          OR (${t.couponKind} = 'percent' AND ${t.couponValue} BETWEEN 1 AND 100)`,
    ),
    check('recovery_settings_days_valid', sql`${t.couponValidDays} BETWEEN 1 AND 90`),
  ],
);

/**
 * A shopper's consent to cart reminders (DPDP Act): the exact words they agreed to and when;
 * withdrawn (by the mail's unsubscribe link or in My Account) keeps the row with the time.
 */
export const recoveryConsents = pgTable('recovery_consents', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  wording: text('wording').notNull(),
  givenAt: timestamptz('given_at').notNull(),
  withdrawnAt: timestamptz('withdrawn_at'),
  withdrawnVia: text('withdrawn_via'),
});

/** When a logged-in shopper last reached checkout (their cart is the server's). */
export const checkoutVisits = pgTable('checkout_visits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reachedAt: timestamptz('reached_at').notNull(),
  // The visit (its reached_at) the sweep last looked at: a reminder written, or the cart had
  // one. A later visit is looked at again.
  sweptVisitAt: timestamptz('swept_visit_at'),
});

/**
 * One reminder per cart: a cart is the shopper and the lines they left (cart_key, the lines'
 * product, size, print and quantity); the unsubscribe link's token is kept as its SHA-256.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartKey: text('cart_key').notNull(),
    reachedAt: timestamptz('reached_at').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id, {
      onDelete: 'set null',
    }),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('cart_reminders_cart_uq').on(t.userId, t.cartKey),
    index('cart_reminders_created_idx').on(t.createdAt),
  ],
);

// ───────────────────────────── document signing ─────────────────────────────

/**
 * The shop's certificate for signing invoices and credit notes (decision 069): one row, or
 * none. The PKCS#12 file and its password are kept only sealed (AES-256-GCM with the key of
 * DOCUMENT_SIGNING_KEY); what Settings shows of the certificate is kept beside them in clear.
 */
export const signingCertificate = pgTable(
  'signing_certificate',
  {
    id: smallint('id').primaryKey().default(1),
    /** 'v1.<iv>.<tag>.<ciphertext>' (base64) of the file and its password. */
    sealed: text('sealed').notNull(),
    subjectName: text('subject_name').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validTo: timestamptz('valid_to').notNull(),
    fingerprint: text('fingerprint').notNull(),
    uploadedBy: integer('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [check('signing_certificate_one_row', sql`${t.id} = 1`)],
);
