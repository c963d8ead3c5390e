// /admin/staff (staff.manage): invite, pending invitations, and the staff table.
import { useQuery } from '@tanstack/react-query';
import { callQuery, errorText } from '@/api/client';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';
import { StaffTable } from './staff-table';

export function StaffPage() {
  useTitle('Staff');
  const list = useQuery(callQuery('listStaff'));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Staff</h1>
        <p className="mt-1 text-muted">
          A change of role, disabling and a reset sign the person out everywhere.
        </p>
      </div>
      <InviteForm />
      <PendingInvitations />
      <section
        aria-labelledby="staff-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="staff-list" className="mb-2 text-lg font-bold md:px-3">
          Everyone
        </h2>
        {list.error ? (
          <FormMessage text={errorText(list.error)} />
        ) : list.data ? (
          <StaffTable staff={list.data.staff} />
        ) : (
          <p role="status">Loading staff…</p>
        )}
      </section>
    </div>
  );
}
