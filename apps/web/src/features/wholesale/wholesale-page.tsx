// /myAccount/WholesaleRegistration (spec section 4): code 100 shows the server's message
// only; code 0 shows the application form (after a rejection, under the server's message
// saying why); anything else sends the user home.
import type { WholesaleResponse } from '@kitroom/contract';
import { BadgeCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@/ui/router';
import { messageOf } from '@/api/client';
import { getWholesaleStatus, applyWholesale } from '@/api/wholesale-calls';
import { forgetApi, useApi } from '@/api/use-api';
import { selectUserId, useSessionEnded, useSessionSelector } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextAreaField, TextField } from '@/ui/form-field';
import { Loader } from '@/ui/loader';
import {
  EMPTY_WHOLESALE,
  wholesaleApplication,
  wholesaleProblems,
  type WholesaleField,
} from './wholesale-rules';

function StatusMessage({ message }: { message: string }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-line bg-paper p-6">
      <BadgeCheck aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-700" size={28} />
      <p role="status" className="text-lg">
        {message}
      </p>
    </div>
  );
}

function WholesaleForm({
  userId,
  notice,
  onResult,
}: {
  userId: number;
  /** Why the last application was rejected. */
  notice: string | null;
  onResult: (response: WholesaleResponse) => void;
}) {
  const sessionEnded = useSessionEnded();
  const [values, setValues] = useState(EMPTY_WHOLESALE);
  const [problems, setProblems] = useState<Partial<Record<WholesaleField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: WholesaleField) => ({
    name,
    value: values[name],
    error: problems[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = wholesaleProblems(values);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const response = await applyWholesale({ user_id: userId, ...wholesaleApplication(values) });
      forgetApi(`wholesale ${userId}`);
      onResult(response);
    } catch (failure) {
      setBusy(false);
      if (!sessionEnded(failure)) setError(messageOf(failure, 'Please try again.'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="rounded-2xl border border-line bg-white p-5 sm:p-7"
    >
      {notice && (
        <p role="status" className="mb-4 rounded-xl bg-red-50 p-3 text-sale">
          {notice}
        </p>
      )}
      <p className="mb-5 text-muted">
        Buy jerseys in bulk for your shop at wholesale prices. Tell us about your business and we
        will get in touch.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your Name"
          autoComplete="name"
          maxLength={100}
          {...field('requesting_person')}
        />
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          {...field('contact_number')}
        />
        <TextField
          label="Shop Name"
          autoComplete="organization"
          maxLength={120}
          {...field('shop_name')}
        />
        <TextField label="Shop Location" maxLength={200} {...field('shop_location')} />
        <TextField
          label="GST Number (optional)"
          autoCapitalize="characters"
          maxLength={15}
          hint="15 characters, e.g. 27AAPFU0939F1ZV"
          className="sm:col-span-2"
          {...field('gst')}
        />
        <TextAreaField
          label="About Your Shop (optional)"
          maxLength={1000}
          className="sm:col-span-2"
          {...field('about_shop')}
        />
      </div>
      <div className="mt-4">
        <FormMessage text={error} />
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary', 'mt-2')}>
        {busy ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  );
}

export default function WholesalePage() {
  const userId = useSessionSelector(selectUserId);
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const [result, setResult] = useState<WholesaleResponse | null>(null);
  const status = useApi(userId === null ? null : `wholesale ${userId}`, (signal) =>
    getWholesaleStatus(userId ?? 0, { signal }),
  );
  const current = result ?? status.data;

  useEffect(() => {
    if (status.error && !sessionEnded(status.error)) navigate('/', { replace: true });
  }, [status.error, sessionEnded, navigate]);

  if (userId === null || !current) return <Loader label="Loading your wholesale status" />;
  if (current.code === 100) return <StatusMessage message={current.message} />;
  return (
    <WholesaleForm
      userId={userId}
      notice={current.status === 'rejected' ? current.message : null}
      onResult={setResult}
    />
  );
}
