// /confirmOrder/:orderId?token=… — the page the cash-on-delivery mail links to (decision 034).
// Opening it changes nothing (mail scanners open links too); the shopper presses Confirm
// order, and the page says what happened: confirmed, already confirmed, or why the link no
// longer works (expired, used on a canceled order, or not ours). Mobile first; no login needed.
import { orderPagePath } from '@kitroom/contract';
import { useState } from 'react';
import { useParams, useSearchParams } from '@/ui/router';
import { messageOf } from '@/api/client';
import { confirmCodByLink } from '@/api/order-calls';
import { LinkConfirmation, type LinkOutcome } from '@/ui/link-confirmation';
import { useTitle } from '@/ui/use-title';
import { COD_TEXTS } from './cod-texts';

export default function CodConfirmPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const orderId = /^\d{1,10}$/.test(params.orderId ?? '') ? Number(params.orderId) : null;
  const token = search.get('token') ?? '';
  const [outcome, setOutcome] = useState<LinkOutcome>(
    orderId === null || token === '' ? { ok: false, message: COD_TEXTS.missingToken } : null,
  );
  const [sending, setSending] = useState(false);
  useTitle(COD_TEXTS.linkTitle);

  async function confirm() {
    if (orderId === null) return;
    setSending(true);
    try {
      const response = await confirmCodByLink(orderId, token);
      setOutcome({ ok: true, message: response.message });
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
      <LinkConfirmation
        hint={COD_TEXTS.linkHint}
        button={COD_TEXTS.button}
        sending={sending}
        onConfirm={() => void confirm()}
        outcome={outcome}
        next={
          outcome?.ok && orderId !== null
            ? { to: orderPagePath(orderId), text: COD_TEXTS.toOrder }
            : { to: '/myAccount/orders', text: COD_TEXTS.toOrders }
        }
      />
    </div>
  );
}
