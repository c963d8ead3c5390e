// The body of a page a mailed link opens to confirm something (a COD order, a Notify me
// address): opening it changes nothing (mail scanners open links too); the visitor presses the
// button, then the page says what happened and where to go next.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from './router';
import { buttonClass } from './button-class';

export type LinkOutcome = { ok: boolean; message: string } | null;

export function LinkConfirmation({
  hint,
  button,
  sending,
  onConfirm,
  outcome,
  next,
}: {
  hint: string;
  button: string;
  sending: boolean;
  onConfirm: () => void;
  outcome: LinkOutcome;
  /** Where to go once it is answered: a link's address and words. */
  next: { to: string; text: string };
}) {
  if (outcome === null) {
    return (
      <div className="mt-6 rounded-2xl border border-line bg-white p-5">
        <p>{hint}</p>
        <button
          type="button"
          disabled={sending}
          onClick={onConfirm}
          className={buttonClass('accent', 'mt-5 min-h-11 w-full text-base')}
        >
          {sending ? 'Confirming…' : button}
        </button>
      </div>
    );
  }
  return (
    <>
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
      <Link to={next.to} className={buttonClass('ghost', 'mt-5 min-h-11 w-full')}>
        {next.text}
      </Link>
    </>
  );
}
