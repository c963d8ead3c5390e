// The settings' grievance officer (DPDP Act; decision 037): the person the privacy policy names
// for shoppers' questions and complaints about their data. Saved on its own, so the form
// above it keeps whatever is being typed there.
import { UpdateSettingsRequest, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { fieldErrors, FormMessage, TextField } from '@/ui/form-field';
import { useSaveSettings } from './save-settings';

export const GRIEVANCE_FIELDS = ['grievance_officer_name', 'grievance_officer_email'] as const;

export function GrievanceOfficerForm({ settings }: { settings: ShopSettingsRow }) {
  const [name, setName] = useState(settings.grievance_officer_name);
  const [email, setEmail] = useState(settings.grievance_officer_email);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const save = useSaveSettings((now) => {
    setName(now.grievance_officer_name);
    setEmail(now.grievance_officer_email);
    setSaved(true);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateSettingsRequest.safeParse({
      grievance_officer_name: name,
      grievance_officer_email: email,
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (parsed.success) save.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="grievance"
      className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
    >
      <h2 id="grievance" className="text-lg font-bold md:col-span-2">
        Grievance officer
      </h2>
      <p className="-mt-2 text-sm text-muted md:col-span-2">
        The person the privacy policy names for shoppers’ questions and complaints about their data.
        Until one is named, the policy sends shoppers to the shop’s email.
      </p>
      <TextField
        label="Grievance officer’s name"
        autoComplete="off"
        value={name}
        onChange={(e) => {
          setSaved(false);
          setName(e.target.value);
        }}
        error={errors.grievance_officer_name}
      />
      <TextField
        label="Grievance officer’s email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => {
          setSaved(false);
          setEmail(e.target.value);
        }}
        error={errors.grievance_officer_email}
      />
      <div className="space-y-3 md:col-span-2">
        <FormMessage text={save.error ? errorText(save.error) : null} />
        <FormMessage
          tone="info"
          text={saved ? 'Saved: the privacy policy names this officer now.' : null}
        />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save grievance officer'}
        </button>
      </div>
    </form>
  );
}
