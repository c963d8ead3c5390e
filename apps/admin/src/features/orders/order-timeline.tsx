// The order's timeline, oldest first: what happened, who did it and when, with what the step
// carried (courier and tracking, a refund's amount); and a form for a staff note.
import {
  OrderNoteRequest,
  type AdminOrderEvent,
  type AdminOrderResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { call, errorText } from '@/api/client';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime, formatDay } from '@/ui/dates';
import { controlClass, FormMessage } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useRequestForm } from '@/ui/request-form';
import { actorText, EVENT_LABEL } from './order-format';
import { Panel } from './order-panels';

function Carried({ data }: { data: Record<string, unknown> }) {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  const courier = text('courier_name');
  const tracking = text('tracking_id');
  const link = text('tracking_link');
  const expected = text('expected_date');
  const amount = typeof data.amount_paise === 'number' ? data.amount_paise : null;
  // A return asked for because the shirts arrived damaged or faulty (decision 051).
  const faulty = data.defect === true;
  // Received shirts that did not go back to stock: printed, or faulty (decision 053).
  const keptOut = typeof data.kept_out_of_stock === 'number' ? data.kept_out_of_stock : 0;
  if (!courier && !tracking && amount === null && !faulty && keptOut === 0) return null;
  return (
    <p className="text-sm">
      {faulty && <strong className="text-sale">Arrived damaged or faulty</strong>}
      {keptOut > 0 && (
        <span>
          {keptOut} {keptOut === 1 ? 'shirt' : 'shirts'} kept out of stock
        </span>
      )}
      {amount !== null && <strong className="tabular-nums">{formatPaise(amount)}</strong>}
      {courier && <span>{courier}</span>}
      {tracking && (
        <>
          {' '}
          · <span className="font-mono break-all">{tracking}</span>
        </>
      )}
      {link && (
        <>
          {' '}
          ·{' '}
          <a href={link} target="_blank" rel="noopener noreferrer" className="underline">
            tracking page
          </a>
        </>
      )}
      {expected && <> · expected {formatDay(expected)}</>}
    </p>
  );
}

function EventItem({ event }: { event: AdminOrderEvent }) {
  const note = event.type === 'note';
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className={`absolute top-1.5 left-0 size-2.5 rounded-full ${note ? 'bg-muted' : 'bg-ink'}`}
      />
      <p className="flex flex-wrap items-baseline gap-x-2">
        <strong>{EVENT_LABEL[event.type]}</strong>
        <span className="text-sm text-muted">
          <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time> ·{' '}
          {actorText(event)}
        </span>
      </p>
      {event.note && (
        <p
          className={`text-sm break-words whitespace-pre-line ${note ? 'mt-1 rounded-lg bg-paper px-3 py-2' : 'text-muted'}`}
        >
          {event.note}
        </p>
      )}
      <Carried data={event.data} />
    </li>
  );
}

export function Timeline({
  orderId,
  events,
  mayWriteNotes,
  onAdded,
}: {
  orderId: number;
  events: AdminOrderEvent[];
  /** orders.notes: the form shows only to a role that may write notes. */
  mayWriteNotes: boolean;
  onAdded: (next: AdminOrderResponse) => void;
}) {
  const fieldId = useId();
  const form = useRequestForm(OrderNoteRequest, { defaultValues: { note: '' } });
  const error = form.formState.errors.note?.message;
  const add = useMutation({
    mutationFn: (text: string) =>
      call('addAdminOrderNote', { params: { id: orderId }, body: { note: text } }),
    onSuccess: (next) => {
      form.reset();
      onAdded(next);
    },
  });

  return (
    <Panel id="order-timeline" title="Timeline">
      {events.length === 0 ? (
        <p className="text-sm text-muted">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="border-l border-line pl-0 [&>li]:-ml-[5px]">
          {events.map((e) => (
            <EventItem key={e.id} event={e} />
          ))}
        </ol>
      )}
      {mayWriteNotes && (
        <form
          onSubmit={(event) => void form.handleSubmit((body) => add.mutate(body.note))(event)}
          className="mt-5 space-y-2 border-t border-line pt-4"
          noValidate
        >
          <label htmlFor={fieldId} className="block text-sm font-semibold">
            Add a note for staff
          </label>
          <textarea
            id={fieldId}
            rows={2}
            {...form.register('note')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className={`${controlClass} py-2 ${error ? 'border-sale' : 'border-line'}`}
          />
          {error && (
            <p id={`${fieldId}-error`} className="text-sm font-medium text-sale">
              {error}
            </p>
          )}
          <FormMessage text={add.error ? errorText(add.error) : null} />
          <button type="submit" className={smallButtonClass('primary')} disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </button>
        </form>
      )}
    </Panel>
  );
}
