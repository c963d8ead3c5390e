// /confirmNotify/:requestId?token=… — the page a guest's Notify me confirmation mail links to
// (decision 047). Opening it changes nothing (mail scanners open links too); the guest presses
// Confirm my email, and the page says what happened: confirmed, the size is already back, or
// why the link no longer works. Mobile first; no login needed.
import { useState } from 'react';
import { useParams, useSearchParams } from '@/ui/router';
import { confirmNotifyByLink } from '@/api/back-in-stock-calls';
import { messageOf } from '@/api/client';
import { LinkConfirmation, type LinkOutcome } from '@/ui/link-confirmation';
import { useTitle } from '@/ui/use-title';

export const NOTIFY_CONFIRM_TEXTS = {
  title: 'Confirm your email',
  hint: 'You asked us to email you when a sold-out size is back. Confirm this address and we will write once, when it is.',
  button: 'Confirm my email',
  failed: 'We could not confirm your email just now. Please try again.',
  missingToken: 'This confirmation link is not complete. Please open it again from the mail.',
  toProduct: 'See the jersey',
  toShop: 'Keep shopping',
} as const;

/** A confirmed link also says where the jersey is. */
type Outcome = (NonNullable<LinkOutcome> & { product?: string }) | null;

export default function NotifyConfirmPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const requestId = /^\d{1,15}$/.test(params.requestId ?? '') ? Number(params.requestId) : null;
  const token = search.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    requestId === null || token === ''
      ? { ok: false, message: NOTIFY_CONFIRM_TEXTS.missingToken }
      : null,
  );
  const [sending, setSending] = useState(false);
  useTitle(NOTIFY_CONFIRM_TEXTS.title);

  async function confirm() {
    if (requestId === null) return;
    setSending(true);
    try {
      const response = await confirmNotifyByLink(requestId, token);
      const product = `/product/${response.product_id}?size=${encodeURIComponent(response.size)}`;
      setOutcome({ ok: true, message: response.message, product });
    } catch (failure) {
      setOutcome({ ok: false, message: messageOf(failure, NOTIFY_CONFIRM_TEXTS.failed) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-14">
      <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl">
        {NOTIFY_CONFIRM_TEXTS.title}
      </h1>
      <LinkConfirmation
        hint={NOTIFY_CONFIRM_TEXTS.hint}
        button={NOTIFY_CONFIRM_TEXTS.button}
        sending={sending}
        onConfirm={() => void confirm()}
        outcome={outcome}
        next={
          outcome?.ok && outcome.product
            ? { to: outcome.product, text: NOTIFY_CONFIRM_TEXTS.toProduct }
            : { to: '/', text: NOTIFY_CONFIRM_TEXTS.toShop }
        }
      />
    </div>
  );
}
