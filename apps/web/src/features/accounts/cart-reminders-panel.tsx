// My Account's 'Cart reminders' panel (decision 065): the shopper's consent to one mail when
// they leave jerseys in their cart at checkout (DPDP Act: asked, unticked until they tick it;
// the words they agreed to are kept with the time). Unticking withdraws it at once.
import { CART_REMINDER_CONSENT } from '@kitroom/contract';
import { useEffect, useState } from 'react';
import { messageOf } from '@/api/client';
import { cartReminders } from '@/api/reminder-calls';
import { useApi } from '@/api/use-api';
import { useSessionEnded } from './use-session-ended';

export function CartRemindersPanel({ userId }: { userId: number }) {
  const sessionEnded = useSessionEnded();
  const read = useApi(
    `user ${userId} cart reminders`,
    (signal) => cartReminders(userId, undefined, { signal }),
    { fresh: true },
  );
  const [consent, setConsent] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (read.data) setConsent(read.data.consent);
  }, [read.data]);

  async function change(next: boolean) {
    // Ticked at once; put back if the shop could not save it.
    setConsent(next);
    setBusy(true);
    setMessage(null);
    try {
      const response = await cartReminders(userId, next);
      setConsent(response.consent);
      setMessage(
        response.consent
          ? 'Saved: we may send you one reminder per cart.'
          : 'Saved: no cart reminders.',
      );
    } catch (failure) {
      setConsent(!next);
      if (!sessionEnded(failure)) setMessage(messageOf(failure, 'Your choice could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="cart-reminders-heading"
      className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-7"
    >
      <h2 id="cart-reminders-heading" className="font-display text-2xl font-bold uppercase">
        Cart reminders
      </h2>
      <label className="mt-4 flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-ink"
          checked={consent === true}
          disabled={consent === null || busy}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>{CART_REMINDER_CONSENT}</span>
      </label>
      <p className="mt-2 max-w-2xl text-sm text-muted">
        Never more than one mail per cart, none once you order, and every mail has a link to stop
        them. Untick to stop them at any time.
      </p>
      {message && (
        <p role="status" className="mt-3 text-sm font-medium">
          {message}
        </p>
      )}
    </section>
  );
}
