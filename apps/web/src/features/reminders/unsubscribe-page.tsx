// /unsubscribe/:token — a cart reminder's unsubscribe link (decision 065). One click: opening
// the page stops the reminders (no login; the token is the credential), and it says so. Mail
// clients' own Unsubscribe button POSTs to this same address (RFC 8058).
import { CART_REMINDERS_STOPPED } from '@kitroom/contract';
import { useEffect, useState } from 'react';
import { useParams } from '@/ui/router';
import { messageOf } from '@/api/client';
import { unsubscribeCartReminders } from '@/api/reminder-calls';
import { LinkConfirmation, type LinkOutcome } from '@/ui/link-confirmation';
import { useTitle } from '@/ui/use-title';

export default function UnsubscribePage() {
  const token = useParams().token ?? '';
  const [outcome, setOutcome] = useState<LinkOutcome>(null);
  useTitle('Unsubscribe');
  useEffect(() => {
    unsubscribeCartReminders(token).then(
      () => setOutcome({ ok: true, message: CART_REMINDERS_STOPPED }),
      (failure: unknown) =>
        setOutcome({
          ok: false,
          message: messageOf(
            failure,
            'We could not unsubscribe you just now. Please open the link again.',
          ),
        }),
    );
  }, [token]);
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-14">
      <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl">Cart reminders</h1>
      {outcome === null ? (
        <p role="status" className="mt-6">
          Unsubscribing…
        </p>
      ) : (
        <LinkConfirmation
          hint=""
          button=""
          sending={false}
          onConfirm={() => undefined}
          outcome={outcome}
          next={{ to: '/', text: 'Keep shopping' }}
        />
      )}
    </div>
  );
}
