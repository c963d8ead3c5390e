// /confirmNotify/:requestId?token=… — the page a guest's Notify me confirmation mail links to
// (decision 047). Opening it changes nothing (mail scanners open links too); the guest presses
// Confirm my email, and the page says what happened: confirmed, the size is already back, or
// why the link no longer works. Mobile first; no login needed.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirmNotifyByLink } from '@/api/back-in-stock-calls';
import { messageOf } from '@/api/client';
import { buttonClass } from '@/ui/dialog';
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

type Outcome =
  { ok: true; message: string; product: string } | { ok: false; message: string } | null;

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
      const answer = await confirmNotifyByLink(requestId, token);
      const product = `/product/${answer.product_id}?size=${encodeURIComponent(answer.size)}`;
      setOutcome({ ok: true, message: answer.message, product });
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
      {outcome === null ? (
        <div className="mt-6 rounded-2xl border border-line bg-white p-5">
          <p>{NOTIFY_CONFIRM_TEXTS.hint}</p>
          <button
            type="button"
            disabled={sending}
            onClick={() => void confirm()}
            className={buttonClass('accent', 'mt-5 min-h-11 w-full text-base')}
          >
            {sending ? 'Confirming…' : NOTIFY_CONFIRM_TEXTS.button}
          </button>
        </div>
      ) : (
        <div
          role={outcome.ok ? 'status' : 'alert'}
          className={`mt-6 flex gap-3 rounded-2xl border-2 bg-white p-5 ${outcome.ok ? 'border-green-800' : 'border-sale'}`}
        >
          {outcome.ok ? (
            <CircleCheck aria-hidden="true" size={24} className="shrink-0 text-green-800" />
          ) : (
            <CircleAlert aria-hidden="true" size={24} className="shrink-0 text-sale" />
          )}
          <p className={outcome.ok ? 'font-semibold' : 'font-semibold text-sale'}>
            {outcome.message}
          </p>
        </div>
      )}
      {outcome !== null && (
        <Link
          to={outcome.ok ? outcome.product : '/'}
          className={buttonClass('ghost', 'mt-5 min-h-11 w-full')}
        >
          {outcome.ok ? NOTIFY_CONFIRM_TEXTS.toProduct : NOTIFY_CONFIRM_TEXTS.toShop}
        </Link>
      )}
    </div>
  );
}
