// /admin/launches/new and /admin/launches/:id (decision 070): a launch's name, time, rules and
// jerseys, checked with the contract's LaunchInput before they are sent; once it exists, its
// state, the fans waiting for the mail, the pieces sold, and Cancel launch. Staff without
// catalogue.write see it read-only.
import { LaunchInput, type AdminLaunch, type AdminLaunchResponse } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useTitle } from '@/ui/use-title';
import {
  draftOf,
  emptyDraft,
  inputOf,
  stateLabel,
  STATE_TONE,
  type LaunchDraft,
} from './launch-values';

export function LaunchFormPage() {
  const { id } = useParams();
  const existing = useQuery({
    ...callQuery('getLaunch', { params: { id: id ?? '' } }),
    enabled: !!id,
  });
  useTitle(id ? 'Launch' : 'New launch');
  if (id && existing.error) return <FormMessage text={errorText(existing.error)} />;
  if (id && !existing.data) return <p role="status">Loading the launch…</p>;
  const launch = existing.data?.launch;
  return <LaunchForm key={launch?.id ?? 'new'} launch={launch} />;
}

function useSaved() {
  const queryClient = useQueryClient();
  return ({ launch }: AdminLaunchResponse) => {
    queryClient.setQueryData(keyOf('getLaunch', { params: { id: String(launch.id) } }), {
      launch,
    });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'listLaunches'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

function LaunchForm({ launch }: { launch: AdminLaunch | undefined }) {
  const navigate = useNavigate();
  const saved = useSaved();
  const mayWrite = useMay('catalogue.write');
  const [start] = useState<LaunchDraft>(() => (launch ? draftOf(launch) : emptyDraft()));
  const form = useRequestForm(LaunchInput, { defaultValues: start, toRequest: inputOf });
  const { errors } = form.formState;
  const started = launch !== undefined && launch.state !== 'upcoming';
  const locked = !mayWrite || launch?.state === 'canceled';

  const save = useMutation({
    mutationFn: (body: LaunchInput) =>
      launch
        ? call('updateLaunch', { params: { id: launch.id }, body })
        : call('createLaunch', { body }),
    onSuccess: (response) => {
      saved(response);
      void navigate('/launches');
    },
  });
  const cancel = useMutation({
    mutationFn: () => call('cancelLaunch', { params: { id: launch!.id } }),
    onSuccess: saved,
  });

  // A fixed field is disabled on the page only: its value is still sent, as the server expects.
  const field = (name: Exclude<keyof LaunchDraft, 'cod_allowed'>, fixed = false) => ({
    ...form.register(name),
    error: errors[name]?.message,
    disabled: locked || fixed,
  });

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/launches" className="text-sm font-semibold text-muted underline">
          ← Launches
        </Link>
        <h1 className="mt-2 font-display text-3xl font-bold uppercase md:text-4xl">
          {launch ? launch.name : 'New launch'}
        </h1>
        {launch && (
          <p className="mt-2 flex flex-wrap items-center gap-3 text-muted">
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATE_TONE[launch.state]}`}
            >
              {stateLabel(launch)}
            </span>
            <span>
              {launch.alerts} {launch.alerts === 1 ? 'fan' : 'fans'} waiting for the mail
              {launch.alerts_sent_at ? ` (mailed ${formatDateTime(launch.alerts_sent_at)})` : ''}
            </span>
            <span>{launch.queued} in the queue</span>
            <span>{launch.sold} sold</span>
          </p>
        )}
      </div>

      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
        className="space-y-6"
      >
        <fieldset className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6">
          <legend className="px-1 text-lg font-bold">The launch</legend>
          {started && launch.state !== 'canceled' && (
            <p className="text-sm text-muted md:col-span-2">
              It has started: fans have bought under its rules, so only its name and when its limits
              end can change.
            </p>
          )}
          <div className="md:col-span-2">
            <TextField
              label="Name"
              autoComplete="off"
              hint="Fans see it on the jerseys' pages and in the mail."
              {...field('name')}
            />
          </div>
          <div>
            <TextField
              label="On sale from (India time)"
              type="datetime-local"
              {...field('starts_at', started)}
            />
          </div>
          <div>
            <TextField
              label="Limits until (India time)"
              type="datetime-local"
              hint="After this the jerseys sell like any other."
              {...field('limits_until')}
            />
          </div>
          <div>
            <TextField
              label="Pieces of each size per fan"
              inputMode="numeric"
              hint="1 to 10, counted over all of a fan's orders in the launch."
              {...field('per_fan_limit', started)}
            />
          </div>
          <div>
            <TextField
              label="Unpaid orders hold the shirts for (minutes)"
              inputMode="numeric"
              hint="2 to 60; then the shirts go back on sale."
              {...field('hold_minutes', started)}
            />
          </div>
          <div>
            <TextField
              label="Queue opens (minutes before the start)"
              inputMode="numeric"
              hint="0 to 120; 0: no queue, every fan may order at the start."
              {...field('queue_opens_minutes', started)}
            />
          </div>
          <div>
            <TextField
              label="Fans let in to check out per minute"
              inputMode="numeric"
              hint="10 to 6000, in the order they joined; the queue page shows each fan their turn."
              {...field('admit_per_minute', started)}
            />
          </div>
          <div>
            <TextField
              label="Minutes each fan has to check out"
              inputMode="numeric"
              hint="5 to 60; a fan who misses their turn joins again at the end."
              {...field('turn_minutes', started)}
            />
          </div>
          <label className="flex items-center gap-3 text-sm font-semibold md:col-span-2">
            <input
              type="checkbox"
              className="size-5 accent-ink"
              {...form.register('cod_allowed')}
              disabled={locked || started}
            />
            Take cash on delivery (off: fans pay online, and no parcel comes back unpaid)
          </label>
          <div className="md:col-span-2">
            <TextField
              label="Product ids"
              placeholder="12, 48"
              hint="The jerseys that go on sale. Separated by commas or spaces."
              {...field('product_ids', started)}
            />
          </div>
          {launch && launch.products.length > 0 && (
            <ul className="text-sm text-muted md:col-span-2">
              {launch.products.map((p) => (
                <li key={p.id}>
                  #{p.id} {p.name}: {p.stock} in stock
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <FormMessage text={save.error ? errorText(save.error) : null} />
        {!locked && (
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : launch ? 'Save changes' : 'Schedule launch'}
            </button>
            <Link to="/launches" className={buttonClass('ghost')}>
              Back
            </Link>
          </div>
        )}
      </form>

      {launch && mayWrite && launch.state !== 'canceled' && launch.state !== 'over' && (
        <section className="rounded-2xl border border-line bg-white p-5 md:p-6">
          <h2 className="text-lg font-bold">Cancel the launch</h2>
          <p className="mt-1 text-sm text-muted">
            Its jerseys then sell like any other at once, without its limits; fans waiting for the
            mail get none.
          </p>
          <FormMessage text={cancel.error ? errorText(cancel.error) : null} />
          <button
            type="button"
            className={`${buttonClass('ghost')} mt-3`}
            disabled={cancel.isPending}
            onClick={() => {
              if (window.confirm(`Cancel ${launch.name}?`)) cancel.mutate();
            }}
          >
            {cancel.isPending ? 'Canceling…' : 'Cancel launch'}
          </button>
        </section>
      )}
    </div>
  );
}
