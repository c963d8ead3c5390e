// A kit launch on the product page (decision 070), loaded only for a launch's jersey. Before the
// drop: the time in IST, a countdown, the rules and "Notify me when it drops" where the buttons
// go. With a waiting room, from when it opens a logged-in fan holds a place (kept across
// reloads: the server keeps it) and sees their number, how many are ahead and when their turn
// comes; the buttons appear for their turn only. Without one, the rules stand above the buttons
// once it is on. Clock-dependent digits are drawn after hydration (the server's clock is not
// the phone's); dates and times are the same words everywhere.
import {
  countdownText,
  istDateTime,
  launchAlertThanks,
  launchLimitText,
  leadingZeroBits,
  type LaunchPlace,
  type StorefrontLaunch,
} from '@kitroom/contract';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '@/ui/router';
import { notifyWhenItDrops, placeInQueue } from '@/api/launch-calls';
import { messageOf } from '@/api/client';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { loginPath, productPath } from '@/ui/paths';
import type { LaunchPhase } from './launch-phase';

/** The phone's clock, ticking each second once hydrated (null before). */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const big = 'mt-1 font-display text-4xl font-extrabold tabular-nums';

function NotifyWhenItDrops({
  launch,
  productId,
  userId,
}: {
  launch: StorefrontLaunch;
  productId: number;
  userId: number;
}) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  async function notify() {
    setSending(true);
    try {
      const to = await notifyWhenItDrops({ user_id: userId, product_id: productId });
      setOutcome({ ok: true, text: launchAlertThanks(to, launch) });
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error, 'Please try again.') });
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      {!outcome?.ok && (
        <button
          type="button"
          onClick={() => void notify()}
          disabled={sending}
          className={buttonClass('accent', 'mt-4 min-h-12')}
        >
          <BellRing aria-hidden="true" size={18} />{' '}
          {sending ? 'Sending…' : 'Notify me when it drops'}
        </button>
      )}
      <p
        role="status"
        className={`mt-2 min-h-5 text-sm font-semibold ${outcome?.ok === false ? 'text-red-300' : 'text-volt'}`}
      >
        {outcome?.text ?? ''}
      </p>
    </>
  );
}

/** A long queue's proof of work: the first nonce whose hash starts with `bits` zero bits. */
async function solve(challenge: string, bits: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${nonce}`));
    if (leadingZeroBits(new Uint8Array(digest), bits)) return nonce;
  }
}

/** When to ask again: at the turn's start or end, else every 10 s (30 s while far off). */
function nextPoll(place: LaunchPlace, now: number): number | null {
  if (place.state === 'passed') return null;
  const at = Date.parse(place.state === 'waiting' ? place.turn_starts_at : place.turn_ends_at);
  const wait = at - now;
  if (place.state === 'your_turn') return Math.max(1000, wait + 500);
  return Math.max(1000, Math.min(wait + 250, wait > 120_000 ? 30_000 : 10_000));
}

/** The fan's place in the waiting room: taken once, asked again as the turn nears. */
function QueuePlace({
  productId,
  userId,
  now,
  onTurn,
}: {
  productId: number;
  userId: number;
  now: number;
  onTurn: (turn: boolean) => void;
}) {
  const [place, setPlace] = useState<LaunchPlace | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [proving, setProving] = useState(false);
  // Each ask is a call; `again` asks for a new place at the end; `nonce` is a long queue's
  // proof of work.
  const [ask, setAsk] = useState<{ n: number; again: boolean; nonce?: string }>({
    n: 0,
    again: false,
  });

  useEffect(() => {
    let live = true;
    placeInQueue({
      user_id: userId,
      product_id: productId,
      ...(ask.again ? { again: true } : {}),
      ...(ask.nonce ? { nonce: ask.nonce } : {}),
    })
      .then(async (response) => {
        if (!live) return;
        if (response.state === 'prove') {
          setProving(true);
          const nonce = await solve(response.challenge, response.bits);
          if (live) setAsk((a) => ({ n: a.n + 1, again: a.again, nonce }));
          return;
        }
        setProving(false);
        setPlace(response);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(messageOf(error, 'Please try again.')));
    return () => {
      live = false;
    };
  }, [userId, productId, ask]);

  useEffect(() => onTurn(place?.state === 'your_turn'), [place, onTurn]);

  useEffect(() => {
    if (!place) return;
    const wait = nextPoll(place, Date.now());
    if (wait === null) return;
    const timer = window.setTimeout(() => setAsk((a) => ({ n: a.n + 1, again: false })), wait);
    return () => window.clearTimeout(timer);
  }, [place]);

  if (problem) {
    return (
      <p role="alert" className="mt-4 font-semibold text-red-300">
        {problem}
      </p>
    );
  }
  if (!place) {
    return (
      <p className="mt-4 text-white/80">
        {proving
          ? 'The queue is long: your phone is doing a moment’s work to show it is a fan, not a script…'
          : 'Finding your place in the queue…'}
      </p>
    );
  }
  if (place.state === 'passed') {
    return (
      <div className="mt-4">
        <p className="font-semibold">Your turn has passed.</p>
        <button
          type="button"
          onClick={() => setAsk((a) => ({ n: a.n + 1, again: true }))}
          className={buttonClass('accent', 'mt-3 min-h-12')}
        >
          Join the queue again
        </button>
      </div>
    );
  }
  if (place.state === 'your_turn') {
    return (
      <div className="mt-4" role="status">
        <p className="text-2xl font-extrabold text-volt">It’s your turn!</p>
        <p className="mt-1">
          Check out by {istDateTime(place.turn_ends_at)}:{' '}
          {countdownText(Date.parse(place.turn_ends_at) - now)} left.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-4">
      <p className="text-sm font-bold tracking-wide text-volt uppercase">In the queue</p>
      <p className={big}>No. {place.position}</p>
      <p className="mt-1">
        {place.ahead === 0
          ? 'Nobody is ahead of you.'
          : `${place.ahead} ${place.ahead === 1 ? 'fan is' : 'fans are'} ahead of you.`}{' '}
        Your turn: {istDateTime(place.turn_starts_at)}, in{' '}
        <span className="tabular-nums">
          {countdownText(Date.parse(place.turn_starts_at) - now)}
        </span>
        .
      </p>
      <p className="mt-2 text-sm text-white/80">
        Keep this page open; reloading keeps your place. Fans are let in to check out in the order
        they joined.
      </p>
    </div>
  );
}

export default function LaunchBox({
  launch,
  phase,
  productId,
  onTurn,
}: {
  launch: StorefrontLaunch;
  phase: Exclude<LaunchPhase, 'none'>;
  productId: number;
  onTurn: (turn: boolean) => void;
}) {
  const userId = useSessionSelector(selectUserId);
  const now = useNow();
  const queueOpensAt = launch.queue_opens_at === null ? null : Date.parse(launch.queue_opens_at);
  const queueOpen = queueOpensAt !== null && now !== null && now >= queueOpensAt;

  if (phase === 'on' && queueOpensAt === null) {
    return (
      <p className="mt-6 rounded-xl bg-volt/30 px-4 py-3 text-sm font-semibold text-ink">
        {launchLimitText(launch)}
      </p>
    );
  }
  return (
    <section aria-label="Launch" className="mt-6 rounded-2xl bg-ink p-5 text-white">
      <p className="text-sm font-bold tracking-wide text-volt uppercase">Launch · {launch.name}</p>
      {phase === 'upcoming' && (
        <>
          <p className="mt-2 font-semibold">Drops {istDateTime(launch.starts_at)}</p>
          <p className={big} aria-live="off">
            {now === null ? '\u00a0' : countdownText(Date.parse(launch.starts_at) - now)}
          </p>
        </>
      )}
      <p className="mt-2 text-sm text-white/80">{launchLimitText(launch)}</p>
      {queueOpensAt !== null && !queueOpen && (
        <p className="mt-2 text-sm text-white/80">
          The queue opens {istDateTime(launch.queue_opens_at!)}: fans then take a place in the order
          they arrive and check out in turn.
        </p>
      )}
      {userId === null ? (
        <Link
          to={loginPath(productPath(productId))}
          className={buttonClass('accent', 'mt-4 min-h-12')}
        >
          <BellRing aria-hidden="true" size={18} />{' '}
          {queueOpen ? 'Log in to join the queue' : 'Log in to get a mail when it drops'}
        </Link>
      ) : queueOpen ? (
        <QueuePlace
          productId={productId}
          userId={userId}
          now={now ?? queueOpensAt}
          onTurn={onTurn}
        />
      ) : (
        phase === 'upcoming' && (
          <NotifyWhenItDrops launch={launch} productId={productId} userId={userId} />
        )
      )}
    </section>
  );
}
