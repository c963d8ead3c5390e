// Every staff member: role (changeable), two-factor, disabled; per row disable/enable and
// "Reset sign-in". A refusal from the server shows in the row it concerns. Below 768 px each
// row is a card.
import {
  STAFF_ROLES,
  type StaffProfile,
  type StaffRole,
  type UpdateStaffRequest,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorText, keyOf } from '@/api/client';
import { useSession } from '@/api/session';
import { smallButtonClass } from '@/ui/button';
import { controlClass } from '@/ui/form-field';
import { ROLE_LABEL } from '@/ui/roles';
import { Table } from '@/ui/table';
import { ResetDialog } from './reset-dialog';

const cell =
  'px-3 py-3 align-middle max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-1.5';
/** The column's name, shown beside the value when rows are cards. */
const cardLabel = 'md:hidden text-xs font-semibold uppercase tracking-wide text-muted';

export function StaffTable({ staff }: { staff: StaffProfile[] }) {
  const [resetting, setResetting] = useState<StaffProfile | null>(null);
  return (
    <>
      <Table
        caption="Staff"
        columns={[
          'Name',
          'Email',
          'Role',
          'Two-factor',
          'Status',
          { label: <span className="sr-only">Actions</span> },
        ]}
      >
        {staff.map((member) => (
          <StaffRow key={member.id} member={member} onReset={() => setResetting(member)} />
        ))}
      </Table>
      {resetting && <ResetDialog member={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}

function StaffRow({ member, onReset }: { member: StaffProfile; onReset: () => void }) {
  const queryClient = useQueryClient();
  const me = useSession().staff;
  const update = useMutation({
    mutationFn: (body: UpdateStaffRequest) =>
      call('updateStaff', { params: { id: member.id }, body }),
    onSuccess: ({ staff }) => {
      queryClient.setQueryData(keyOf('listStaff'), (old: { staff: StaffProfile[] } | undefined) =>
        old ? { staff: old.staff.map((s) => (s.id === staff.id ? staff : s)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
  const you = member.id === me.id;
  const border = 'md:border-b md:border-line';

  return (
    <tr className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4">
      <td className={`${cell} ${border} font-semibold`}>
        <span className={cardLabel}>Name</span>
        <span>
          {member.name}
          {you && (
            <span className="ml-2 rounded-full bg-paper px-2 py-0.5 text-xs font-medium text-muted">
              you
            </span>
          )}
        </span>
      </td>
      <td className={`${cell} ${border} break-all`}>
        <span className={cardLabel}>Email</span>
        {member.email}
      </td>
      <td className={`${cell} ${border}`}>
        <span className={cardLabel} aria-hidden="true">
          Role
        </span>
        <select
          aria-label={`Role of ${member.name}`}
          value={member.role}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ role: e.target.value as StaffRole })}
          className={`${controlClass} min-h-9 max-w-40 border-line text-sm md:w-36`}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </select>
      </td>
      <td className={`${cell} ${border}`}>
        <span className={cardLabel}>Two-factor</span>
        {member.two_factor ? 'Yes' : 'No'}
      </td>
      <td className={`${cell} ${border}`}>
        <span className={cardLabel}>Status</span>
        {member.disabled ? (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 font-semibold text-sale">
            Disabled
          </span>
        ) : (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-800">
            Active
          </span>
        )}
      </td>
      <td className={`${border} px-3 py-3 align-middle max-md:block max-md:px-0 max-md:pt-3`}>
        <div className="flex flex-wrap gap-2 md:justify-end">
          <button
            type="button"
            className={smallButtonClass('ghost')}
            disabled={update.isPending}
            onClick={() => update.mutate({ disabled: !member.disabled })}
            aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.name}`}
          >
            {member.disabled ? 'Enable' : 'Disable'}
          </button>
          <button
            type="button"
            className={smallButtonClass('ghost')}
            onClick={onReset}
            aria-label={`Reset sign-in of ${member.name}`}
          >
            Reset sign-in
          </button>
        </div>
        {update.error && (
          <p role="alert" className="mt-2 max-w-xs text-sm font-medium text-sale md:ml-auto">
            {errorText(update.error)}
          </p>
        )}
      </td>
    </tr>
  );
}
