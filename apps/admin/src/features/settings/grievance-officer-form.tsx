// The settings' grievance officer (DPDP Act; decision 037): the person the privacy policy names
// for shoppers' questions and complaints about their data. Saved on its own, so the form
// above it keeps whatever is being typed there.
import { UpdateSettingsRequest, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useState } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useSaveSettings } from './save-settings';

export const GRIEVANCE_FIELDS = ['grievance_officer_name', 'grievance_officer_email'] as const;

type Values = Pick<ShopSettingsRow, (typeof GRIEVANCE_FIELDS)[number]>;

const valuesOf = (settings: ShopSettingsRow): Values => ({
  grievance_officer_name: settings.grievance_officer_name,
  grievance_officer_email: settings.grievance_officer_email,
});

export function GrievanceOfficerForm({ settings }: { settings: ShopSettingsRow }) {
  const form = useRequestForm<Values, UpdateSettingsRequest>(UpdateSettingsRequest, {
    defaultValues: valuesOf(settings),
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const edited = { onChange: () => setSaved(false) };

  const save = useSaveSettings((now) => {
    form.reset(valuesOf(now));
    setSaved(true);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
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
        {...form.register('grievance_officer_name', edited)}
        error={errors.grievance_officer_name?.message}
      />
      <TextField
        label="Grievance officer’s email"
        type="email"
        autoComplete="off"
        {...form.register('grievance_officer_email', edited)}
        error={errors.grievance_officer_email?.message}
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
