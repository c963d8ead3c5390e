// My Account's WhatsApp order updates (decision 066): the shopper's current choice — on, to
// which number and since when, with a button to stop them; or off — shown only when the shop
// sends WhatsApp updates. Opting in is the box at checkout, where the number is the order's.
import { useState } from 'react';
import type { WhatsAppUpdatesResponse } from '@kitroom/contract';
import { messageOf } from '@/api/client';
import { useApi } from '@/api/use-api';
import { getWhatsAppUpdates, stopWhatsAppUpdates } from '@/api/whatsapp-calls';
import { showAlert } from '@/ui/alert';
import { formatIndianDay } from '@/ui/date-text';
import { buttonClass } from '@/ui/button-class';

export const WHATSAPP_TEXTS = {
  heading: 'WhatsApp order updates',
  on: (phone: string, since: string) =>
    `On: we send updates about your orders to ${phone} on WhatsApp (since ${since}).`,
  off: 'Off. Tick “Send me order updates on WhatsApp” at checkout to get them.',
  stopped: (since: string) => `You stopped them on ${since}.`,
  stop: 'Stop WhatsApp updates',
  stopFailed: 'Your choice could not be saved. Please try again.',
} as const;

export function WhatsAppPanel({ userId }: { userId: number }) {
  const { data } = useApi(
    `whatsapp ${userId}`,
    (signal) => getWhatsAppUpdates({ user_id: userId }, { signal }),
    { fresh: true },
  );
  const [changed, setChanged] = useState<WhatsAppUpdatesResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const choice = changed ?? data;
  if (!choice?.available) return null;
  const since = choice.since ? formatIndianDay(new Date(choice.since)) : '';

  async function stop() {
    setBusy(true);
    try {
      setChanged(await stopWhatsAppUpdates({ user_id: userId }));
    } catch (failure) {
      showAlert(messageOf(failure, WHATSAPP_TEXTS.stopFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="whatsapp-heading"
      className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-7"
    >
      <h2 id="whatsapp-heading" className="font-display text-2xl font-bold uppercase">
        {WHATSAPP_TEXTS.heading}
      </h2>
      <p className="mt-2" data-testid="whatsapp-choice">
        {choice.opted_in && choice.phone
          ? WHATSAPP_TEXTS.on(choice.phone, since)
          : `${WHATSAPP_TEXTS.off}${since ? ` ${WHATSAPP_TEXTS.stopped(since)}` : ''}`}
      </p>
      {choice.opted_in && (
        <button
          type="button"
          className={buttonClass('ghost', 'mt-4')}
          disabled={busy}
          onClick={() => void stop()}
        >
          {WHATSAPP_TEXTS.stop}
        </button>
      )}
    </section>
  );
}
