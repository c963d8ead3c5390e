// /admin/giveaways/new and /admin/giveaways/:id (coupons.manage): a giveaway's title, slug,
// rules, dates and featured products, checked with the contract's GiveawayInput before they
// are sent; once it exists, its picture, its entries by referral code, and the draw after the
// end (decision 050): the seed, the index and the winner as the audit log keeps them.
import {
  GiveawayInput,
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
  type AdminGiveaway,
  type AdminGiveawayResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf, upload } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, TextAreaField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { pictureUrl } from '@/ui/thumbnail';
import { useTitle } from '@/ui/use-title';
import { CodeCounts, StateBadge } from './giveaway-parts';
import { draftOf, emptyDraft, inputOf, slugOf, type GiveawayDraft } from './giveaway-values';

export function GiveawayFormPage() {
  const { id } = useParams();
  const existing = useQuery({
    ...callQuery('getGiveaway', { params: { id: id ?? '' } }),
    enabled: !!id,
  });
  useTitle(id ? 'Edit giveaway' : 'New giveaway');
  if (id && existing.error) return <FormMessage text={errorText(existing.error)} />;
  if (id && !existing.data) return <p role="status">Loading the giveaway…</p>;
  const giveaway = existing.data?.giveaway;
  return <GiveawayForm key={giveaway?.id ?? 'new'} giveaway={giveaway} />;
}

function useSaved() {
  const queryClient = useQueryClient();
  return ({ giveaway }: AdminGiveawayResponse) => {
    queryClient.setQueryData(keyOf('getGiveaway', { params: { id: String(giveaway.id) } }), {
      giveaway,
    });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'listGiveaways'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

function GiveawayForm({ giveaway }: { giveaway: AdminGiveaway | undefined }) {
  const navigate = useNavigate();
  const saved = useSaved();
  const form = useRequestForm<GiveawayDraft, GiveawayInput>(GiveawayInput, {
    defaultValues: giveaway ? draftOf(giveaway) : emptyDraft(),
    toRequest: inputOf,
  });
  const { errors } = form.formState;
  // A new giveaway's slug follows its title until staff type one of their own.
  const [slugTouched, setSlugTouched] = useState(giveaway !== undefined);

  const save = useMutation({
    mutationFn: (body: GiveawayInput) =>
      giveaway
        ? call('updateGiveaway', { params: { id: giveaway.id }, body })
        : call('createGiveaway', { body }),
    onSuccess: (response) => {
      saved(response);
      // A new giveaway opens for its picture; an edited one goes back to the list.
      void navigate(giveaway ? '/giveaways' : `/giveaways/${response.giveaway.id}`);
    },
  });

  const field = (name: Exclude<keyof GiveawayDraft, 'title' | 'slug'>) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/giveaways" className="text-sm font-semibold text-muted underline">
          ← Giveaways
        </Link>
        <h1 className="mt-2 font-display text-3xl font-bold uppercase md:text-4xl">
          {giveaway ? giveaway.title : 'New giveaway'}
        </h1>
        {giveaway && (
          <p className="mt-2 flex flex-wrap items-center gap-3 text-muted">
            <StateBadge giveaway={giveaway} />
            <span>
              {giveaway.entries} {giveaway.entries === 1 ? 'entry' : 'entries'}
            </span>
          </p>
        )}
      </div>

      {giveaway && <EntriesPanel giveaway={giveaway} />}

      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
        className="space-y-6"
      >
        <fieldset className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6">
          <legend className="px-1 text-lg font-bold">The giveaway</legend>
          <TextField
            label="Title"
            autoComplete="off"
            {...form.register('title', {
              onChange: (e: { target: { value: string } }) => {
                if (!slugTouched) form.setValue('slug', slugOf(e.target.value));
              },
            })}
            error={errors.title?.message}
          />
          <TextField
            label="Slug"
            autoComplete="off"
            hint={`The page: /giveaway/${form.watch('slug') || 'its-slug'}`}
            {...form.register('slug', { onChange: () => setSlugTouched(true) })}
            error={errors.slug?.message}
          />
          <TextField label="Starts (India time)" type="datetime-local" {...field('starts_at')} />
          <TextField
            label="Ends (India time)"
            type="datetime-local"
            hint="Entries close then; the winner is drawn after."
            {...field('ends_at')}
          />
          <TextAreaField label="Rules" rows={5} className="md:col-span-2" {...field('rules')} />
          <TextField
            label="Featured product ids"
            placeholder="12, 48"
            hint="Shown as cards on the giveaway's page, in this order. Separated by commas or spaces."
            className="md:col-span-2"
            {...field('product_ids')}
          />
        </fieldset>

        <FormMessage text={save.error ? errorText(save.error) : null} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : giveaway ? 'Save changes' : 'Create giveaway'}
          </button>
          <Link to="/giveaways" className={buttonClass('ghost')}>
            Cancel
          </Link>
        </div>
      </form>

      {giveaway && <PicturePanel giveaway={giveaway} />}
    </div>
  );
}

function PicturePanel({ giveaway }: { giveaway: AdminGiveaway }) {
  const saved = useSaved();
  const [note, setNote] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (file: File) => upload('uploadGiveawayPicture', { id: giveaway.id }, file),
    onSuccess: saved,
  });
  function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_PICTURE_BYTES) {
      setNote(`${file.name} is larger than 8 MB: choose a smaller picture.`);
      return;
    }
    setNote(null);
    change.mutate(file);
  }
  return (
    <section
      aria-labelledby="giveaway-picture"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="giveaway-picture" className="text-lg font-bold">
        Picture
      </h2>
      <p className="mt-1 text-sm text-muted">
        JPEG, PNG, WebP or AVIF up to 8 MB; shoppers get a 600 px WebP, shown square.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="grid size-40 place-items-center overflow-hidden rounded-lg bg-paper">
          {giveaway.picture ? (
            <img
              src={pictureUrl(giveaway.picture, 360)}
              alt={`Picture of ${giveaway.title}`}
              className="size-full object-cover"
            />
          ) : (
            <span className="text-sm text-muted">No picture</span>
          )}
        </div>
        <label
          htmlFor="giveaway-picture-file"
          className={smallButtonClass('ghost', 'cursor-pointer')}
        >
          {giveaway.picture ? 'Replace' : 'Upload'}
        </label>
        <input
          id="giveaway-picture-file"
          type="file"
          aria-label={`${giveaway.picture ? 'Replace' : 'Upload'} the picture`}
          accept={PICTURE_TYPES.join(',')}
          className="sr-only"
          disabled={change.isPending}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {change.isPending && (
        <p role="status" className="mt-3 text-sm text-muted">
          Saving the picture…
        </p>
      )}
      <div className="mt-3">
        <FormMessage text={note ?? (change.error ? errorText(change.error) : null)} />
      </div>
    </section>
  );
}

function EntriesPanel({ giveaway }: { giveaway: AdminGiveaway }) {
  const saved = useSaved();
  const [confirming, setConfirming] = useState(false);
  const draw = useMutation({
    mutationFn: () => call('drawGiveaway', { params: { id: giveaway.id } }),
    onSuccess: (response) => {
      setConfirming(false);
      saved(response);
    },
  });
  const canDraw = giveaway.state === 'ended' && giveaway.draw === null && giveaway.entries > 0;
  return (
    <section
      aria-labelledby="giveaway-entries"
      className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="giveaway-entries" className="text-lg font-bold">
        Entries and the draw
      </h2>
      <dl className="grid gap-3 text-sm md:grid-cols-3">
        <div>
          <dt className="font-semibold text-muted">Runs (India time)</dt>
          <dd>
            {formatDateTime(giveaway.starts_at)} – {formatDateTime(giveaway.ends_at)}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-muted">Entries</dt>
          <dd className="text-2xl font-bold">{giveaway.entries}</dd>
        </div>
        <div>
          <dt className="font-semibold text-muted">By referral code</dt>
          <dd>
            <CodeCounts giveaway={giveaway} />
          </dd>
        </div>
      </dl>
      {giveaway.draw ? (
        <div role="status" className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="text-base font-bold">
            Winner: {giveaway.draw.winner.name} ({giveaway.draw.winner.email})
          </p>
          <p className="mt-1">
            Drawn {formatDateTime(giveaway.draw.drawn_at)}; the winner&rsquo;s mail is on its way.
          </p>
          <p className="mt-2 break-all">
            Seed <code>{giveaway.draw.seed}</code> picks entry {giveaway.draw.index + 1} of{' '}
            {giveaway.draw.entries} (entry #{giveaway.draw.winner.entry_id}): the seed as a
            hexadecimal number, modulo the entries, indexes the entries in id order from 0. The
            audit log keeps it.
          </p>
        </div>
      ) : giveaway.state !== 'ended' ? (
        <p className="text-sm text-muted">The winner can be drawn once the giveaway ends.</p>
      ) : giveaway.entries === 0 ? (
        <p className="text-sm text-muted">Nobody entered: there is no winner to draw.</p>
      ) : confirming ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold">
            Draw one winner among {giveaway.entries} entries? This happens once and mails the
            winner.
          </p>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={draw.isPending}
            onClick={() => draw.mutate()}
          >
            {draw.isPending ? 'Drawing…' : 'Yes, draw the winner'}
          </button>
          <button
            type="button"
            className={buttonClass('ghost')}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </div>
      ) : (
        canDraw && (
          <button
            type="button"
            className={buttonClass('accent')}
            onClick={() => setConfirming(true)}
          >
            Draw the winner
          </button>
        )
      )}
      <FormMessage text={draw.error ? errorText(draw.error) : null} />
    </section>
  );
}
