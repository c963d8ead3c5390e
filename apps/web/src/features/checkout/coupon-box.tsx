// 'Apply Coupon Code' reveals a coupon input with Verify. A blank code, an invalid coupon and
// a failed call each show their message in the checkout's OK modal.
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/ui/button-class';
import { CHECKOUT_TEXTS } from './checkout-rules';

interface CouponBoxProps {
  /** Resolves when the check is over (the caller shows the outcome). */
  onVerify: (code: string) => Promise<void>;
  onProblem: (message: string) => void;
}

export function CouponBox({ onVerify, onProblem }: CouponBoxProps) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      onProblem(CHECKOUT_TEXTS.enterCoupon);
      return;
    }
    setBusy(true);
    await onVerify(code.trim());
    setBusy(false);
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-semibold text-ink underline underline-offset-4 hover:text-muted"
      >
        Apply Coupon Code
      </button>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex gap-2">
      <label htmlFor="coupon-code" className="sr-only">
        Coupon code
      </label>
      <input
        id="coupon-code"
        name="coupon"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        placeholder="Coupon code"
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={40}
        className="min-h-11 min-w-0 flex-1 rounded-full border border-line px-4 uppercase placeholder:normal-case focus:border-ink focus:outline-none"
      />
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
    </form>
  );
}
