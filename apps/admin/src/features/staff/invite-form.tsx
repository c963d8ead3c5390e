// Invites a staff member: email, name and role. The server mails them a setup link; each link
// made on this visit stays shown (newest first), so a second invitation never hides the first.
import { InviteStaffRequest, STAFF_ROLES, type SetupLinkResponse } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { ROLE_LABEL } from '@/ui/roles';
import { SetupLink } from './setup-link';

const roleOptions = [
  { value: '', label: 'Choose a role' },
  ...STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] })),
];

export function InviteForm() {
  const queryClient = useQueryClient();
  const form = useRequestForm<{ email: string; name: string; role: string }, InviteStaffRequest>(
    InviteStaffRequest,
    { defaultValues: { email: '', name: '', role: '' } },
  );
  const { errors } = form.formState;
  const [sent, setSent] = useState<{ link: SetupLinkResponse; email: string }[]>([]);

  const invite = useMutation({
    mutationFn: (body: InviteStaffRequest) => call('inviteStaff', { body }),
    onSuccess: (link, body) => {
      const email = body.email.trim().toLowerCase();
      // A new invitation to the same address replaced its earlier link.
      setSent((prev) => [{ link, email }, ...prev.filter((s) => s.email !== email)]);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: keyOf('listStaffInvitations') });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });

  return (
    <section
      aria-labelledby="invite"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="invite" className="text-lg font-bold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-muted">
        We mail them a setup link (valid 24 hours, used once): they choose a password there, and
        owners and managers add two-factor sign-in.
      </p>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => invite.mutate(body))(event)}
        className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_12rem_auto] md:items-start"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Name"
          autoComplete="off"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <SelectField
          label="Role"
          options={roleOptions}
          {...form.register('role')}
          error={errors.role?.message}
        />
        <button
          type="submit"
          className={buttonClass('primary', 'md:mt-7')}
          disabled={invite.isPending}
        >
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      <div className="mt-4 space-y-3">
        <FormMessage text={invite.error ? errorText(invite.error) : null} />
        {sent.map((s) => (
          <SetupLink key={s.link.setup_url} link={s.link} to={s.email} mailed />
        ))}
      </div>
    </section>
  );
}
