// "Reset sign-in": asks first, then shows the new setup link to send the person.
import type { StaffProfile } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormMessage } from '@/ui/form-field';
import { SetupLink } from './setup-link';

export function ResetDialog({ member, onClose }: { member: StaffProfile; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cancel = useRef<HTMLButtonElement>(null);
  const reset = useMutation({
    mutationFn: () => call('resetStaffTwoFactor', { params: { id: member.id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listStaff'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });

  if (reset.data) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="New setup link"
        actions={
          <button type="button" className={buttonClass('primary')} onClick={onClose}>
            Done
          </button>
        }
      >
        <p className="mb-3">
          {member.name} is signed out everywhere and their old password no longer works.
        </p>
        <SetupLink link={reset.data} to={member.email} />
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      initialFocus={cancel}
      title={`Reset ${member.name}'s sign-in?`}
      actions={
        <>
          <button ref={cancel} type="button" className={buttonClass('ghost')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass('danger')}
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
          >
            {reset.isPending ? 'Resetting…' : 'Reset sign-in'}
          </button>
        </>
      }
    >
      <p>
        Their password and two-factor stop working now, their recovery codes end and they are signed
        out everywhere. You get a new setup link to send them.
      </p>
      <div className="mt-3">
        <FormMessage text={reset.error ? errorText(reset.error) : null} />
      </div>
    </Dialog>
  );
}
