// Invitations not yet taken up: who, which role, when the link was mailed and until when it
// works. Resend mails a new link (the earlier one stops working) and shows it; Revoke makes
// the link stop working. A refusal shows in the row it concerns.
import type { SetupLinkResponse, StaffInvitation } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { ROLE_LABEL } from '@/ui/roles';
import { SetupLink } from './setup-link';

export function PendingInvitations() {
  const list = useQuery(callQuery('listStaffInvitations'));
  return (
    <section
      aria-labelledby="pending-invitations"
      className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
    >
      <h2 id="pending-invitations" className="mb-2 text-lg font-bold md:px-3">
        Pending invitations
      </h2>
      {list.error ? (
        <FormMessage text={errorText(list.error)} />
      ) : !list.data ? (
        <p role="status">Loading invitations…</p>
      ) : list.data.invitations.length === 0 ? (
        <p className="text-muted md:px-3">No invitations are waiting.</p>
      ) : (
        <ul className="divide-y divide-line">
          {list.data.invitations.map((invitation) => (
            <Invitation key={invitation.email} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

// Keyed by email: a resend makes a new invitation id, and the new link must stay shown.
function Invitation({ invitation }: { invitation: StaffInvitation }) {
  const queryClient = useQueryClient();
  const [resent, setResent] = useState<SetupLinkResponse | null>(null);
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: keyOf('listStaffInvitations') });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
  const resend = useMutation({
    mutationFn: () => call('resendStaffInvitation', { params: { id: invitation.id } }),
    onSuccess: (link) => {
      setResent(link);
      changed();
    },
  });
  const revoke = useMutation({
    mutationFn: () => call('revokeStaffInvitation', { params: { id: invitation.id } }),
    onSuccess: changed,
  });
  const error = resend.error ?? revoke.error;
  const busy = resend.isPending || revoke.isPending;

  return (
    <li className="space-y-2 py-3 md:px-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">
            {invitation.name} <span className="font-normal text-muted">{invitation.email}</span>
          </p>
          <p className="text-sm text-muted">
            {ROLE_LABEL[invitation.role]} · mailed {formatDateTime(invitation.sent_at)} ·{' '}
            {invitation.expired ? (
              <strong className="text-sale">Expired</strong>
            ) : (
              `link works until ${formatDateTime(invitation.expires_at)}`
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={smallButtonClass('ghost')}
            aria-label={`Resend the invitation to ${invitation.email}`}
            disabled={busy}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending…' : 'Resend'}
          </button>
          <button
            type="button"
            className={smallButtonClass('danger')}
            aria-label={`Revoke the invitation to ${invitation.email}`}
            disabled={busy}
            onClick={() => revoke.mutate()}
          >
            {revoke.isPending ? 'Revoking…' : 'Revoke'}
          </button>
        </div>
      </div>
      <FormMessage text={error ? errorText(error) : null} />
      {resent && (
        <>
          <p className="text-sm">The earlier link no longer works.</p>
          <SetupLink link={resent} to={invitation.email} mailed />
        </>
      )}
    </li>
  );
}
