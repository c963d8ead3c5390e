// /admin/audit (audit.read): the audit log, newest first, filtered by entity, staff member and
// Indian dates, paged with the server's `before` cursor.
import { AuditQuery, type AuditActor, type AuditEntry } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callQuery } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { SelectField, TextField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useRequestForm } from '@/ui/request-form';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';
import { Changes } from './changes';

interface Filters {
  entity?: string;
  staff_id?: string;
  from?: string;
  to?: string;
}

const PAGE = 50;
const NO_FILTERS = { entity: '', staff_id: '', from: '', to: '' };

/** The filters given; an empty one is left out. */
const filtersOf = (draft: Required<Filters>): Filters =>
  Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== ''));

/** Who made a change that no staff member made. */
const ACTOR_LABEL: Record<Exclude<AuditActor, 'staff'>, string> = {
  command_line: 'Command line',
  courier: "Courier's tracking update",
  payment_provider: 'Payment provider',
  sweep: "The shop's scheduled sweep",
  shopper: 'The shopper',
};

const whoOf = (e: AuditEntry) =>
  e.actor === 'staff' ? (e.staff_name ?? `Staff #${e.staff_id}`) : ACTOR_LABEL[e.actor];
const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

export function AuditPage() {
  useTitle('Audit log');
  const form = useRequestForm(AuditQuery, {
    defaultValues: NO_FILTERS,
    toRequest: filtersOf,
    check: ({ from, to }) => (from && to && from > to ? { to: 'must be on or after From' } : {}),
  });
  const { errors } = form.formState;
  const [filters, setFilters] = useState<Filters>({});
  const mayListStaff = useMay('staff.manage');
  const staffList = useQuery({ ...callQuery('listStaff'), enabled: mayListStaff });

  const log = useCursorList({
    queryKey: ['admin', 'audit', filters],
    fetchPage: (cursor: number | undefined) =>
      call('audit', { query: { ...filters, limit: PAGE, before: cursor } }),
    nextCursor: (page) => page.next_before,
    field: 'entries',
  });
  const entries = log.items;

  // Who can be chosen: the staff list for those who may read it, else the people seen so far.
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    setSeen((prev) => {
      const next = new Map(prev);
      for (const e of entries) {
        if (e.staff_id !== null && e.staff_name) next.set(e.staff_id, e.staff_name);
      }
      return next.size === prev.size ? prev : next;
    });
  }, [entries]);
  const people = staffList.data
    ? staffList.data.staff.map((s) => ({ value: String(s.id), label: s.name }))
    : [...seen].map(([id, name]) => ({ value: String(id), label: name }));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Audit log</h1>
        <p className="mt-1 text-muted">
          Every change made in the back office, from the command line, by a courier, the payment
          provider or the shop's sweeps: who, when, from where, and what each change set. Newest
          first; dates are Indian time; amounts in rupees.
        </p>
      </div>

      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(() => setFilters(filtersOf(form.getValues())))(event)
        }
        aria-label="Filter the audit log"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4 md:gap-4 md:p-5 lg:grid-cols-[1fr_1fr_10rem_10rem_auto_auto] lg:items-start"
      >
        <TextField
          label="Entity"
          list="audit-entities"
          placeholder="staff, staff-invitation…"
          {...form.register('entity')}
          error={errors.entity?.message}
          className="col-span-2 lg:col-span-1"
        />
        <datalist id="audit-entities">
          {[...new Set(['staff', 'staff-invitation', ...entries.map((e) => e.entity)])].map(
            (entity) => (
              <option key={entity} value={entity} />
            ),
          )}
        </datalist>
        <SelectField
          label="Staff member"
          options={[{ value: '', label: 'Anyone' }, ...people]}
          {...form.register('staff_id')}
          error={errors.staff_id?.message}
          className="col-span-2 lg:col-span-1"
        />
        <TextField
          label="From"
          type="date"
          {...form.register('from')}
          error={errors.from?.message}
        />
        <TextField label="To" type="date" {...form.register('to')} error={errors.to?.message} />
        <button type="submit" className={buttonClass('primary', 'lg:mt-7')}>
          Filter
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'lg:mt-7')}
          onClick={() => {
            form.reset();
            setFilters({});
          }}
        >
          Clear
        </button>
      </form>

      <section
        aria-labelledby="entries"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="entries" className="sr-only">
          Entries
        </h2>
        <PagedList
          list={log}
          loading="Loading the audit log…"
          empty="No entries match these filters."
        >
          {(entries) => <EntryTable entries={entries} />}
        </PagedList>
      </section>
    </div>
  );
}

function EntryTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table caption="Audit entries, newest first" columns={['When', 'Who', 'What', 'Changes']}>
      {entries.map((e) => (
        <tr
          key={e.id}
          className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
        >
          <td className={`${cell} ${border} whitespace-nowrap`}>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </td>
          <td className={`${cell} ${border}`}>
            <span className="font-semibold">{whoOf(e)}</span>
            {e.ip && <span className="block text-xs text-muted">{e.ip}</span>}
          </td>
          <td className={`${cell} ${border}`}>
            <span className="font-semibold">{e.action}</span>{' '}
            <span className="text-muted">
              {e.entity}{' '}
              <span className="font-mono break-all">
                {/^\d+$/.test(e.entity_id) ? `#${e.entity_id}` : e.entity_id}
              </span>
            </span>
          </td>
          <td className={`${cell} ${border}`}>
            <Changes before={e.before} after={e.after} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
