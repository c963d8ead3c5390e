// Kit launches (decision 070): a product scheduled to go on sale at a time, with a limit per
// fan, short unpaid holds and cash on delivery on or off. product.php carries the launch; the
// product page counts down to it and offers "Notify me when it drops"; checkout keeps its rules.
import { z } from 'zod';
import { Id } from './common.js';

/** A launch as product.php shows it, while it is upcoming or its limits hold; null otherwise. */
export const StorefrontLaunch = z.object({
  name: z.string(),
  /** ISO 8601: when the products go on sale. */
  starts_at: z.string(),
  /** ISO 8601: until when the limit per fan holds. */
  limits_until: z.string(),
  /** Pieces of each size of each product one fan may buy in the launch. */
  per_fan_limit: z.number().int(),
  /** Whether cash on delivery is taken for the launch's products. */
  cod: z.boolean(),
  /** ISO 8601: when its waiting room opens; null: the launch has none. */
  queue_opens_at: z.string().nullable(),
});
export type StorefrontLaunch = z.infer<typeof StorefrontLaunch>;

// ── the waiting room ──

/** How a launch's waiting room lets fans in (decision 070). */
export interface QueuePace {
  startsAt: number;
  admitPerMinute: number;
  turnMinutes: number;
}

/**
 * A place's turn to check out: the first place's at the drop, then one place every
 * 60 / admit_per_minute seconds; never before the fan joined; `turnMinutes` long. Paced from the
 * first place: letting a second's worth in at the drop itself sent them and the bots' first
 * wave in the same instant, and the bench's first fans waited 0.8–1.2 s (decision 096).
 */
export function turnOf(p: QueuePace, position: number, joinedAt: number) {
  const paced = p.startsAt + (Math.max(0, position - 1) * 60_000) / p.admitPerMinute;
  const startsAt = Math.max(paced, joinedAt);
  return { startsAt, endsAt: startsAt + p.turnMinutes * 60_000 };
}

/** How many places have been let in by `now` (of `length` given). */
export function admittedBy(p: QueuePace, length: number, now: number): number {
  if (now < p.startsAt) return 0;
  const paced = 1 + Math.floor(((now - p.startsAt) / 60_000) * p.admitPerMinute);
  return Math.min(length, paced);
}

const IST_OFFSET_MS = 330 * 60_000;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Sun 30 Nov, 7:00 pm IST': the same words on the server and in every browser, whatever its
 * time zone (India has one and no summer time).
 */
export function istDateTime(iso: string | Date): string {
  const t = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  const h = t.getUTCHours();
  const m = String(t.getUTCMinutes()).padStart(2, '0');
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'am' : 'pm'}`;
  return `${DAYS[t.getUTCDay()]} ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]}, ${clock} IST`;
}

/** The countdown's words: '2 d 04:10:33', '04:10:33', '00:00:09'. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

export const launchDropsText = (l: Pick<StorefrontLaunch, 'starts_at'>) =>
  `Drops ${istDateTime(l.starts_at)}`;

export const launchLimitText = (l: Pick<StorefrontLaunch, 'per_fan_limit' | 'cod'>) =>
  `Launch rules: at most ${l.per_fan_limit} ${l.per_fan_limit === 1 ? 'piece' : 'pieces'} of each size per fan${l.cod ? '' : '; pay online (no cash on delivery)'}.`;

/**
 * Under "Notify me" while a launch holds the jersey (decision 088): a piece that comes back is
 * the next fan's in the queue, and the mail waits for the end of the launch's limits.
 */
export const launchNotifyAfterText = (limitsUntil: string | Date) =>
  `During the launch a piece that comes back goes to the next fan in the queue. We'll email you if your size is in stock when the launch ends, ${istDateTime(limitsUntil)}.`;

/** Checkout's refusals (409), each naming the product. */
export const launchNotStartedText = (product: string, startsAt: string | Date) =>
  `${product} goes on sale ${istDateTime(startsAt)}. Please come back then.`;

export const launchLimitReachedText = (
  product: string,
  size: string,
  limit: number,
  already: number,
) =>
  already > 0
    ? `In this launch each fan may buy ${limit} of ${product} in size ${size}, and you have ${already} already.`
    : `In this launch each fan may buy ${limit} of ${product} in size ${size}.`;

export const launchNoCodText = (launch: string) =>
  `Cash on delivery is not available for the ${launch} launch. Please pay online.`;

// ── POST /api/launch_queue.php ──

/**
 * Takes the logged-in fan's place in the launch's waiting room (once; a second call returns the
 * same place), or a new place at the end with `again` once their turn has passed. Polled by the
 * jersey's page. 404: no such product; 409: not in a launch with a waiting room, or not open
 * yet; 429: too many places from this address.
 */
export const LaunchQueueRequest = z.object({
  user_id: Id,
  product_id: Id,
  again: z.boolean().optional(),
  /** The proof of work asked for by a long queue: a nonce for the response's challenge. */
  nonce: z
    .string()
    .regex(/^[0-9a-z]{1,16}$/, 'nonce must be 1 to 16 digits or lower-case letters')
    .optional(),
});
export type LaunchQueueRequest = z.input<typeof LaunchQueueRequest>;

export const LaunchPlace = z.object({
  /** waiting: the turn is to come; your_turn: check out now; passed: join again. */
  state: z.enum(['waiting', 'your_turn', 'passed']),
  position: z.number().int(),
  /** Places before this one not let in yet. */
  ahead: z.number().int(),
  turn_starts_at: z.string(),
  turn_ends_at: z.string(),
});
export type LaunchPlace = z.infer<typeof LaunchPlace>;

/**
 * A long queue asks for a little work before a new place (decision 070): a nonce such that
 * SHA-256 of `${challenge}:${nonce}` starts with `bits` zero bits. About 2^bits hashes: a
 * moment for a fan's phone, real CPU for a script queueing thousands of accounts.
 */
export const LaunchProofAsked = z.object({
  state: z.literal('prove'),
  challenge: z.string(),
  bits: z.number().int(),
});
export type LaunchProofAsked = z.infer<typeof LaunchProofAsked>;

export const LaunchQueueResponse = z.union([LaunchPlace, LaunchProofAsked]);
export type LaunchQueueResponse = z.infer<typeof LaunchQueueResponse>;

/** From this many places given, a new place needs the proof of work. */
export const LAUNCH_PROOF_FROM = 500;
export const LAUNCH_PROOF_BITS = 14;

/** The challenge of a fan's place in a launch: the same work for every try. */
export const launchChallenge = (launchId: number, userId: number) =>
  `kitroom-launch:${launchId}:${userId}`;

/** Whether a SHA-256 digest starts with `bits` zero bits. */
export function leadingZeroBits(digest: Uint8Array, bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    if ((digest[i >> 3]! >> (7 - (i & 7))) & 1) return false;
  }
  return true;
}

export const LAUNCH_QUEUE_NOT_OPEN = (opensAt: string | Date) =>
  `The queue opens ${istDateTime(opensAt)}.`;
export const LAUNCH_NO_QUEUE = 'This jersey has no queue: it is on sale to everyone.';
export const LAUNCH_QUEUE_ADDRESS_FULL =
  'Too many places in this queue come from your network. Please try again from another connection.';
export const LAUNCH_QUEUE_BROWSER_TAKEN =
  'This browser already holds a place in the queue for another account.';

/** Checkout's refusals while a launch's waiting room lets fans in. */
export const launchJoinQueueText = (launch: string) =>
  `Fans check out ${launch} in turn: join the queue on the jersey's page first.`;
export const launchTurnNotYetText = (launch: string, turnStartsAt: string | Date) =>
  `Your turn to check out ${launch} comes ${istDateTime(turnStartsAt)}. Please keep the jersey's page open.`;
export const launchTurnPassedText = (launch: string) =>
  `Your turn to check out ${launch} has passed. Join the queue again on the jersey's page.`;

// ── POST /api/launch_alert.php ──

/** "Notify me when it drops" on an upcoming launch's product: a logged-in fan's own address. */
export const LaunchAlertRequest = z.object({ user_id: Id, product_id: Id });
export type LaunchAlertRequest = z.input<typeof LaunchAlertRequest>;

export const LaunchAlertResponse = z.object({
  /** The address the mail goes to when the launch starts. */
  email: z.string(),
  /**
   * The WhatsApp number ('+91 98765 43210') a message goes to as well, while the fan is opted
   * in to WhatsApp updates and the shop has WhatsApp on; null otherwise.
   */
  whatsapp: z.string().nullable(),
});
export type LaunchAlertResponse = z.infer<typeof LaunchAlertResponse>;

export const launchAlertThanks = (
  to: LaunchAlertResponse,
  l: Pick<StorefrontLaunch, 'starts_at'>,
) =>
  `We'll email ${to.email}${to.whatsapp ? ` and message ${to.whatsapp} on WhatsApp` : ''} when it drops, ${istDateTime(l.starts_at)}.`;

/** 409 from launch_alert.php: the product is not in an upcoming launch. */
export const LAUNCH_NOT_UPCOMING = 'This jersey is not waiting for a launch: it is on sale now.';
