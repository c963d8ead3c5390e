// Marks one feedback entry handled (by the signed-in staff member) or waiting again.
import type { AdminFeedback } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorText, keyOf } from '@/api/client';
import { smallButtonClass } from '@/ui/button';

export function HandledButton({ entry }: { entry: AdminFeedback }) {
  const queryClient = useQueryClient();
  const handled = entry.handled_at !== null;
  const toggle = useMutation({
    mutationFn: () =>
      call('setFeedbackHandled', { params: { id: entry.id }, body: { handled: !handled } }),
    onSuccess: (response) => {
      queryClient.setQueryData(
        keyOf('getFeedback', { params: { id: String(entry.id) } }),
        response,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listFeedback'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
  return (
    <div>
      <button
        type="button"
        className={smallButtonClass(handled ? 'ghost' : 'primary')}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        {handled ? 'Mark as waiting' : 'Mark handled'}
      </button>
      {toggle.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-sale">
          {errorText(toggle.error)}
        </p>
      )}
    </div>
  );
}

export function HandledNote({ entry }: { entry: AdminFeedback }) {
  if (entry.handled_at === null) {
    return (
      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-800">
        Waiting
      </span>
    );
  }
  return (
    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-800">
      Handled{entry.handled_by ? ` by ${entry.handled_by.name}` : ''}
    </span>
  );
}
