// /confirmOrder/:orderId?token=… — the page the cash-on-delivery mail links to (decision 034).
// Opening it changes nothing (mail scanners open links too); the shopper presses Confirm
// order, and the page says what happened: confirmed, already confirmed, or why the link no
// longer works (expired, used on a canceled order, or not ours). Mobile first; no login needed.
import { orderPagePath } from '@kitroom/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { messageOf } from '@/api/client';
import { confirmCodByLink } from '@/api/order-calls';
import { buttonClass } from '@/ui/dialog';
import { useTitle } from '@/ui/use-title';
import { COD_TEXTS } from './cod-texts';

type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

export default function CodConfirmPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const orderId = /^\d{1,10}$/.test(params.orderId ?? '') ? Number(params.orderId) : null;
  const token = search.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    orderId === null || token === '' ? { ok: false, message: COD_TEXTS.missingToken } : null,
  );
  const [sending, setSending] = useState(false);
  useTitle(COD_TEXTS.linkTitle);

  async function confirm() {
    if (orderId === null) return;
    setSending(true);
    try {
      const answer = await confirmCodByLink(orderId, token);
      setOutcome({ ok: true, message: answer.message });
    } catch (failure) {
      setOutcome({ ok: false, message: messageOf(failure, COD_TEXTS.confirmFailed) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-14">
      <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl">
        {COD_TEXTS.linkTitle}
        {orderId !== null && <span className="block text-xl text-muted">Order #{orderId}</span>}
      </h1>
      {outcome === null ? (
        <div className="mt-6 rounded-2xl border border-line bg-white p-5">
          <p>{COD_TEXTS.linkHint}</p>
          <button
            type="button"
            disabled={sending}
            onClick={() => void confirm()}
            className={buttonClass('accent', 'mt-5 min-h-11 w-full text-base')}
          >
            {sending ? 'Confirming…' : COD_TEXTS.button}
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
          to={outcome.ok && orderId !== null ? orderPagePath(orderId) : '/myAccount/orders'}
          className={buttonClass('ghost', 'mt-5 min-h-11 w-full')}
        >
          {outcome.ok ? COD_TEXTS.toOrder : COD_TEXTS.toOrders}
        </Link>
      )}
    </div>
  );
}
