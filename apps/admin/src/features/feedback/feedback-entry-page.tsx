// /admin/feedback/:id (feedback.manage): one entry in full, who sent it, and its state.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';
import { HandledButton, HandledNote } from './handled-button';

export function FeedbackEntryPage() {
  const { id = '' } = useParams();
  useTitle(`Feedback #${id}`);
  const entry = useQuery(callQuery('getFeedback', { params: { id } }));
  const f = entry.data?.feedback;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link to="/feedback" className="text-sm font-semibold text-muted underline">
          ← Feedback
        </Link>
        <h1 className="mt-2 font-display text-3xl font-bold uppercase md:text-4xl">
          Feedback #{id}
        </h1>
      </div>
      {entry.error ? (
        <FormMessage text={errorText(entry.error)} />
      ) : !f ? (
        <p role="status">Loading…</p>
      ) : (
        <article className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold text-muted">Sent</dt>
            <dd>
              <time dateTime={f.created_at}>{formatDateTime(f.created_at)}</time>
            </dd>
            <dt className="font-semibold text-muted">From</dt>
            <dd className="break-all">
              {f.user ? `${f.user.name} (${f.user.email})` : 'A visitor (not logged in)'}
            </dd>
            <dt className="font-semibold text-muted">State</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <HandledNote entry={f} />
              {f.handled_at && (
                <time dateTime={f.handled_at} className="text-muted">
                  {formatDateTime(f.handled_at)}
                </time>
              )}
            </dd>
          </dl>
          <p className="text-base leading-relaxed break-words whitespace-pre-line">{f.feedback}</p>
          <HandledButton entry={f} />
        </article>
      )}
    </div>
  );
}
