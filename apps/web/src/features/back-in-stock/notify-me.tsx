// "Notify me" under the sizes of a product with a size sold out: the shopper picks the size
// (when several are out) and presses Notify me; a logged-in shopper is done, a guest is then
// asked for an email and told to confirm it from the mail sent. The server mails once when
// the size is back (decision 047); while a kit launch holds the jersey, once it is over
// (decision 088), which the form then says. The form
// starts the same for everyone, so the shared page's markup stays whole when a logged-in
// shopper's browser takes it over (no email field to remove after hydration).
import { backInStockCheckInbox, backInStockThanks, launchNotifyAfterText } from '@kitroom/contract';
import { BellRing } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '@/api/client';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';

export function NotifyMe({
  productId,
  soldOut,
  launchEndsAt = null,
}: {
  productId: number;
  soldOut: string[];
  /** While a launch holds the jersey, when its limits end: the mail waits for then. */
  launchEndsAt?: string | null;
}) {
  const userId = useSessionSelector(selectUserId);
  const id = useId();
  const [size, setSize] = useState(soldOut[0] ?? '');
  const [email, setEmail] = useState('');
  /** A guest pressed Notify me: the email field shows. */
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (soldOut.length === 0) return null;
  const chosen = soldOut.includes(size) ? size : soldOut[0]!;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (userId === null && !asking) {
      setAsking(true);
      return;
    }
    setSending(true);
    try {
      // The call's code loads with the first request, not with every product page.
      const { notifyWhenBack } = await import('@/api/back-in-stock-calls');
      const response = await notifyWhenBack(
        userId !== null
          ? { product_id: productId, size: chosen, user_id: userId }
          : { product_id: productId, size: chosen, email },
      );
      const thanks = response.needs_confirmation ? backInStockCheckInbox : backInStockThanks;
      setOutcome({ ok: true, text: thanks(response.email, chosen) });
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error, 'Please try again.') });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-2xl border border-line p-4"
    >
      <p id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" size={18} />
        {soldOut.length === 1
          ? `Size ${chosen} sold out? We'll email you when it's back.`
          : "A size sold out? We'll email you when it's back."}
      </p>
      {launchEndsAt && (
        <p className="mt-1 text-sm text-muted">{launchNotifyAfterText(launchEndsAt)}</p>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {soldOut.length > 1 && (
          <label className="text-sm font-semibold">
            Size
            <select
              value={chosen}
              onChange={(e) => setSize(e.target.value)}
              className="mt-1 block h-11 rounded-xl border border-line bg-white px-3"
            >
              {soldOut.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        )}
        {userId === null && asking && (
          <label className="min-w-48 flex-1 text-sm font-semibold">
            Email
            <input
              type="email"
              autoComplete="email"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block h-11 w-full rounded-xl border border-line px-3 font-normal"
            />
          </label>
        )}
        <button type="submit" disabled={sending} className={buttonClass('ghost')}>
          {sending ? 'Sending…' : 'Notify me'}
        </button>
      </div>
      <p
        role="status"
        className={`mt-2 min-h-5 text-sm font-semibold ${outcome?.ok === false ? 'text-sale' : 'text-green-800'}`}
      >
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}
