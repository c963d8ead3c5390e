// Giveaways (decision 050): the page's response, a shopper's one entry (credited to the referral
// that brought them, as orders are), and the back office's giveaways with entries by referral
// code and the recorded draw. Every staff change is audited in its transaction.
import { createHash, randomBytes } from 'node:crypto';
import {
  GIVEAWAY_ENDED,
  GIVEAWAY_NOT_FOUND,
  GIVEAWAY_NOT_STARTED,
  type GiveawayState,
  type StorefrontGiveaway,
} from '@kitroom/contract';
import {
  GIVEAWAY_ALREADY_DRAWN,
  GIVEAWAY_NO_ENTRIES,
  GIVEAWAY_NOT_ENDED,
  GIVEAWAY_SLUG_TAKEN,
  type AdminGiveaway,
  type GiveawayCodeCount,
  type GiveawayInput,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import { productSummaries } from '../catalogue/index.js';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { enqueue } from '../notifications/index.js';
import { resolveAttribution } from '../referrals/index.js';
import { record, type Actor } from '../staff/index.js';
import { giveawayWon, type GiveawayWonData } from './giveaway-won.mail.js';
import * as q from './giveaways.queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export function stateAt(g: Pick<q.GiveawayRow, 'starts_at' | 'ends_at'>, now: Date): GiveawayState {
  if (now < new Date(g.starts_at)) return 'upcoming';
  return now < new Date(g.ends_at) ? 'open' : 'ended';
}

/**
 * The draw's rule, for anyone to re-check: the seed read as one hexadecimal number, modulo
 * the number of entries, is the winner's index among the entries in id order.
 */
export function drawIndex(seed: string, entries: number): number {
  return Number(BigInt(`0x${seed}`) % BigInt(entries));
}

// ── the storefront ──

/** The giveaway by slug, or the current one without a slug; 404 when there is none. */
export async function giveawayPage(
  db: Queryable,
  r: { slug: string | undefined; userId: number | undefined; now?: Date },
): Promise<StorefrontGiveaway> {
  const now = r.now ?? new Date();
  const row =
    r.slug === undefined ? await q.currentGiveaway(db, now) : await q.giveawayBySlug(db, r.slug);
  if (!row) throw new NotFound(GIVEAWAY_NOT_FOUND);
  const [products, entered] = await Promise.all([
    productSummaries(db, row.product_ids),
    r.userId === undefined ? false : q.hasEntered(db, row.id, r.userId),
  ]);
  return {
    slug: row.slug,
    title: row.title,
    rules: row.rules,
    picture: row.picture,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    state: stateAt(row, now),
    products,
    entered,
    drawn: row.drawn_at !== null,
  };
}

/** The page's head: the giveaway's title and rules, or undefined for an unknown slug. */
export async function giveawayHead(
  db: Queryable,
  slug: string,
): Promise<{ title: string; rules: string } | undefined> {
  const row = await q.giveawayBySlug(db, slug.toLowerCase());
  return row && { title: row.title, rules: row.rules };
}

export interface EntryInput {
  slug: string;
  userId: number;
  affiliateCode: string | undefined;
  googleCode: string | undefined;
  /** visitorKeyOf(the visitor cookie), for the referral's attribution. */
  visitorKey: string | null;
  now?: Date;
}

/**
 * Enters the shopper once (a second entry, concurrent or not, changes nothing): only while
 * the giveaway is open, and never once it is drawn (the entry holds the giveaway's row
 * against the draw).
 */
export async function enter(db: Queryable, e: EntryInput): Promise<{ already: boolean }> {
  const now = e.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await q.giveawayBySlugForEntry(tx, e.slug);
    if (!row) throw new NotFound(GIVEAWAY_NOT_FOUND);
    const state = stateAt(row, now);
    if (state === 'upcoming') throw new Conflict(GIVEAWAY_NOT_STARTED);
    if (state === 'ended' || row.drawn_at !== null) throw new Conflict(GIVEAWAY_ENDED);
    const attribution = await resolveAttribution(tx, {
      affiliateCode: e.affiliateCode,
      googleCode: e.googleCode,
      userId: e.userId,
      visitorKey: e.visitorKey,
      now,
    });
    const added = await q.insertEntry(tx, {
      giveawayId: row.id,
      userId: e.userId,
      affiliateId: attribution.affiliateId,
      campaignCode: attribution.campaignCode,
      at: now,
    });
    return { already: !added };
  });
}

// ── the back office ──

async function adminGiveaways(
  db: Queryable,
  rows: q.GiveawayRow[],
  now: Date,
): Promise<AdminGiveaway[]> {
  const ids = rows.map((r) => r.id);
  const winnerIds = rows.flatMap((r) =>
    r.winner_entry_id === null ? [] : [Number(r.winner_entry_id)],
  );
  const [counts, byCode, winners] = await Promise.all([
    q.entryCounts(db, ids),
    q.countsByCode(db, ids),
    q.winners(db, winnerIds),
  ]);
  const codesOf = new Map<number, GiveawayCodeCount[]>();
  for (const c of byCode) {
    const list = codesOf.get(c.giveaway_id) ?? [];
    list.push({ kind: c.kind, code: c.code, name: c.name, entries: Number(c.entries) });
    codesOf.set(c.giveaway_id, list);
  }
  const winnerOf = new Map(winners.map((w) => [Number(w.entry_id), w]));
  return rows.map((r) => {
    const entries = counts.get(r.id) ?? 0;
    const winner = r.winner_entry_id === null ? undefined : winnerOf.get(Number(r.winner_entry_id));
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      rules: r.rules,
      picture: r.picture,
      starts_at: iso(r.starts_at),
      ends_at: iso(r.ends_at),
      product_ids: r.product_ids,
      state: stateAt(r, now),
      entries,
      by_code: codesOf.get(r.id) ?? [],
      draw:
        r.drawn_at !== null && r.draw_seed !== null && winner
          ? {
              drawn_at: iso(r.drawn_at),
              seed: r.draw_seed,
              entries,
              index: drawIndex(r.draw_seed, entries),
              winner: {
                entry_id: Number(winner.entry_id),
                user_id: winner.user_id,
                name: winner.name,
                email: winner.email,
              },
            }
          : null,
    };
  });
}

export async function listGiveaways(db: Queryable, now = new Date()): Promise<AdminGiveaway[]> {
  return adminGiveaways(db, await q.allGiveaways(db), now);
}

export async function getGiveaway(db: Queryable, id: number, now = new Date()) {
  const row = await q.giveawayById(db, id);
  if (!row) throw new NotFound(GIVEAWAY_NOT_FOUND);
  const [giveaway] = await adminGiveaways(db, [row], now);
  return giveaway!;
}

type Input = z.output<typeof GiveawayInput>;

async function valuesOf(db: Queryable, input: Input): Promise<q.GiveawayValues> {
  const found = new Set(await q.existingProducts(db, input.product_ids));
  const missing = input.product_ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new Invalid(`product_ids: no product ${missing.join(', ')}`);
  return {
    slug: input.slug,
    title: input.title,
    rules: input.rules,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    productIds: input.product_ids,
  };
}

const audited = (v: q.GiveawayValues) => ({
  slug: v.slug,
  title: v.title,
  rules: v.rules,
  starts_at: v.startsAt.toISOString(),
  ends_at: v.endsAt.toISOString(),
  product_ids: v.productIds,
});

const valuesOfRow = (r: q.GiveawayRow): q.GiveawayValues => ({
  slug: r.slug,
  title: r.title,
  rules: r.rules,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  productIds: r.product_ids,
});

export async function createGiveaway(
  db: Queryable,
  actor: Actor,
  input: Input,
): Promise<AdminGiveaway> {
  const row = await db.transaction(async (tx) => {
    const values = await valuesOf(tx, input);
    const created = await q.insertGiveaway(tx, values);
    if (!created) throw new Conflict(GIVEAWAY_SLUG_TAKEN);
    await record(tx, actor, {
      entity: 'giveaway',
      entityId: created.id,
      action: 'create',
      after: audited(values),
    });
    return created;
  });
  return getGiveaway(db, row.id);
}

/** Replaces the giveaway's fields; its dates may not change once it is drawn. */
export async function updateGiveaway(
  db: Queryable,
  actor: Actor,
  id: number,
  input: Input,
): Promise<AdminGiveaway> {
  await db.transaction(async (tx) => {
    const before = await q.giveawayById(tx, id, { lock: true });
    if (!before) throw new NotFound(GIVEAWAY_NOT_FOUND);
    const values = await valuesOf(tx, input);
    if (
      before.drawn_at !== null &&
      (values.startsAt.getTime() !== new Date(before.starts_at).getTime() ||
        values.endsAt.getTime() !== new Date(before.ends_at).getTime())
    ) {
      throw new Conflict('The dates of a drawn giveaway cannot change.');
    }
    if (await q.slugTaken(tx, values.slug, id)) throw new Conflict(GIVEAWAY_SLUG_TAKEN);
    await q.updateGiveaway(tx, id, values);
    await record(tx, actor, {
      entity: 'giveaway',
      entityId: id,
      action: 'update',
      before: audited(valuesOfRow(before)),
      after: audited(values),
    });
  });
  return getGiveaway(db, id);
}

/** 404 before a picture is read and stored. */
export async function giveawayExists(db: Queryable, id: number): Promise<void> {
  if (!(await q.giveawayById(db, id))) throw new NotFound(GIVEAWAY_NOT_FOUND);
}

/** Sets the stored picture (pictures.service's storePicture) as the giveaway's. */
export async function setPicture(
  db: Queryable,
  actor: Actor,
  id: number,
  picture: string,
): Promise<AdminGiveaway> {
  await db.transaction(async (tx) => {
    const before = await q.giveawayById(tx, id, { lock: true });
    if (!before) throw new NotFound(GIVEAWAY_NOT_FOUND);
    await q.setPicture(tx, id, picture);
    await record(tx, actor, {
      entity: 'giveaway',
      entityId: id,
      action: 'picture',
      before: { picture: before.picture },
      after: { picture },
    });
  });
  return getGiveaway(db, id);
}

/**
 * Draws the winner of an ended giveaway, once: 32 random bytes from the operating system's
 * generator are the seed; drawIndex(seed, entries) picks the entry among them in id order.
 * The seed, the number of entries, the index and the winner go into the audit log; the
 * winner's mail into the outbox, in the same transaction.
 */
export async function drawGiveaway(
  db: Queryable,
  actor: Actor,
  id: number,
  publicUrl: string,
  now = new Date(),
): Promise<AdminGiveaway> {
  await db.transaction(async (tx) => {
    const row = await q.giveawayById(tx, id, { lock: true });
    if (!row) throw new NotFound(GIVEAWAY_NOT_FOUND);
    if (row.drawn_at !== null) throw new Conflict(GIVEAWAY_ALREADY_DRAWN);
    if (stateAt(row, now) !== 'ended') throw new Conflict(GIVEAWAY_NOT_ENDED);
    const entries = await q.entryIds(tx, id);
    if (entries.length === 0) throw new Conflict(GIVEAWAY_NO_ENTRIES);
    const seed = randomBytes(32).toString('hex');
    const index = drawIndex(seed, entries.length);
    const winnerEntryId = entries[index]!;
    const [winner] = await q.winners(tx, [winnerEntryId]);
    await q.recordDraw(tx, id, { seed, winnerEntryId, at: now });
    await record(
      tx,
      actor,
      {
        entity: 'giveaway',
        entityId: id,
        action: 'draw',
        after: {
          seed,
          entries: entries.length,
          index,
          winner_entry_id: winnerEntryId,
          winner_user_id: winner!.user_id,
          // What the entries were, so the draw can be re-checked from the log alone.
          entries_sha256: createHash('sha256').update(entries.join(',')).digest('hex'),
        },
      },
      now,
    );
    const data: GiveawayWonData = {
      name: winner!.name,
      title: row.title,
      giveaway_url: `${publicUrl.replace(/\/$/, '')}/giveaway/${row.slug}`,
    };
    await enqueue(tx, {
      template: giveawayWon,
      recipient: winner!.email,
      data,
      dedupeKey: `giveaway-won:${id}`,
    });
  });
  return getGiveaway(db, id, now);
}
