// /admin/feedback (feedback.manage): what shoppers wrote, waiting entries first, newest first
// in each part, paged with the server's cursor; each opens in full and is marked handled.
import type { AdminFeedback } from '@kitroom/contract/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@/api/client';
import { formatDateTime } from '@/ui/dates';
import { SelectField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useTitle } from '@/ui/use-title';
import { HandledButton, HandledNote } from './handled-button';

const PAGE = 50;

export function FeedbackPage() {
  useTitle('Feedback');
  const [state, setState] = useState<'' | 'handled' | 'unhandled'>('');
  const list = useCursorList({
    queryKey: ['admin', 'listFeedback', state],
    fetchPage: (cursor: string | undefined) =>
      call('listFeedback', {
        query: { ...(state ? { state } : {}), limit: PAGE, after: cursor },
      }),
    nextCursor: (page) => page.next_after,
    field: 'feedback',
  });
  const waiting = list.query.data?.pages[0]?.unhandled;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Feedback</h1>
          <p className="mt-1 text-muted">
            What shoppers sent from the feedback form.
            {waiting !== undefined && ` ${waiting} waiting.`}
          </p>
        </div>
        <SelectField
          label="Show"
          className="w-56"
          options={[
            { value: '', label: 'Waiting first, then handled' },
            { value: 'unhandled', label: 'Waiting only' },
            { value: 'handled', label: 'Handled only' },
          ]}
          value={state}
          onChange={(e) => setState(e.target.value as typeof state)}
        />
      </div>

      <section aria-labelledby="feedback-list">
        <h2 id="feedback-list" className="sr-only">
          Feedback
        </h2>
        <PagedList list={list} loading="Loading feedback…" empty="Nothing here.">
          {(entries) => (
            <ul className="space-y-3">
              {entries.map((f) => (
                <FeedbackCard key={f.id} entry={f} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}

function FeedbackCard({ entry: f }: { entry: AdminFeedback }) {
  return (
    <li
      aria-label={`Feedback #${f.id}`}
      className={`rounded-2xl border border-line p-4 md:p-5 ${f.handled_at ? 'bg-paper' : 'bg-white'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          <time dateTime={f.created_at}>{formatDateTime(f.created_at)}</time> ·{' '}
          {f.user ? f.user.name : 'A visitor (not logged in)'}
        </p>
        <HandledNote entry={f} />
      </div>
      <p className="mt-2 line-clamp-3 break-words whitespace-pre-line">{f.feedback}</p>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <Link
          to={`/feedback/${f.id}`}
          className="inline-flex min-h-9 items-center rounded-full border border-line bg-white px-3.5 text-sm font-semibold hover:bg-paper"
          aria-label={`Read feedback #${f.id}`}
        >
          Read in full
        </Link>
        <HandledButton entry={f} />
      </div>
    </li>
  );
}
