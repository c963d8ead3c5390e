// A kit launch on the product page (decision 070), loaded only for a launch's jersey: before
// the drop the time in IST, a countdown, the rules and "Notify me when it drops" where the
// buttons go; once it is on, its rules above the buttons. The countdown's digits are drawn after
// hydration (the server's clock is not the phone's); the date and time are the same words
// everywhere.
import {
  countdownText,
  istDateTime,
  launchAlertThanks,
  launchLimitText,
  type StorefrontLaunch,
} from '@kitroom/contract';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notifyWhenItDrops } from '@/api/launch-calls';
import { messageOf } from '@/api/client';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { buttonClass } from '@/ui/dialog';
import { loginPath, productPath } from '@/ui/paths';
import type { LaunchPhase } from './launch-phase';

function Countdown({ to }: { to: string }) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setLeft(Date.parse(to) - Date.now());
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [to]);
  return (
    <p className="mt-1 font-display text-4xl font-extrabold tabular-nums" aria-live="off">
      {left === null ? '\u00a0' : countdownText(left)}
    </p>
  );
}

/** Before the drop: when, how long, the rules and Notify me. */
function LaunchCountdown({ launch, productId }: { launch: StorefrontLaunch; productId: number }) {
  const userId = useSessionSelector(selectUserId);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function notify() {
    if (userId === null) return;
    setSending(true);
    try {
      const { email } = await notifyWhenItDrops({ user_id: userId, product_id: productId });
      setOutcome({ ok: true, text: launchAlertThanks(email, launch) });
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error, 'Please try again.') });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-label="Launch" className="mt-6 rounded-2xl bg-ink p-5 text-white">
      <p className="text-sm font-bold tracking-wide text-volt uppercase">Launch · {launch.name}</p>
      <p className="mt-2 font-semibold">Drops {istDateTime(launch.starts_at)}</p>
      <Countdown to={launch.starts_at} />
      <p className="mt-2 text-sm text-white/80">{launchLimitText(launch)}</p>
      <div className="mt-4 empty:hidden">
        {userId === null ? (
          <Link
            to={loginPath(productPath(productId))}
            className={buttonClass('accent', 'min-h-12')}
          >
            <BellRing aria-hidden="true" size={18} /> Log in to get a mail when it drops
          </Link>
        ) : outcome?.ok ? null : (
          <button
            type="button"
            onClick={() => void notify()}
            disabled={sending}
            className={buttonClass('accent', 'min-h-12')}
          >
            <BellRing aria-hidden="true" size={18} />{' '}
            {sending ? 'Sending…' : 'Notify me when it drops'}
          </button>
        )}
      </div>
      <p
        role="status"
        className={`mt-2 min-h-5 text-sm font-semibold ${outcome?.ok === false ? 'text-red-300' : 'text-volt'}`}
      >
        {outcome?.text ?? ''}
      </p>
    </section>
  );
}

/** While the launch is on: its rules, above the buttons. */
function LaunchRules({ launch }: { launch: StorefrontLaunch }) {
  return (
    <p className="mt-6 rounded-xl bg-volt/30 px-4 py-3 text-sm font-semibold text-ink">
      {launchLimitText(launch)}
    </p>
  );
}

export default function LaunchBox({
  launch,
  phase,
  productId,
}: {
  launch: StorefrontLaunch;
  phase: Exclude<LaunchPhase, 'none'>;
  productId: number;
}) {
  return phase === 'upcoming' ? (
    <LaunchCountdown launch={launch} productId={productId} />
  ) : (
    <LaunchRules launch={launch} />
  );
}
