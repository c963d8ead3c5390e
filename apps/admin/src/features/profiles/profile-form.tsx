// The form of a team's or player's profile, with a live preview of the crest or badge and of
// the page's hero as the storefront draws them. Checked with the contract's schema before it
// is sent; the server's refusal (a featured place taken, a name in use) shows above the
// buttons.
import { FEATURED_PLACES } from '@kitroom/contract';
import {
  PlayerRequest,
  TeamRequest,
  type AdminPlayer,
  type AdminTeam,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { controlClass, FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { PlayerBadge, TeamCrest } from '@kitroom/ui/crests';

export type ProfileKind = 'team' | 'player';
type Values = Record<string, string>;

interface TextSpec {
  key: string;
  label: string;
  hint?: string;
  long?: boolean;
}

const TEAM_TEXT: readonly TextSpec[] = [
  { key: 'name', label: 'Name', hint: 'As products name it; the page’s address follows it.' },
  { key: 'short_name', label: 'Crest letters', hint: '2 to 4 letters or digits, like RMA.' },
  { key: 'founded', label: 'Founded' },
  { key: 'stadium', label: 'Stadium' },
  { key: 'trophies', label: 'Trophies' },
  { key: 'league_titles', label: 'League titles' },
  { key: 'bio', label: 'Bio', long: true },
];

const PLAYER_TEXT: readonly TextSpec[] = [
  { key: 'name', label: 'Name', hint: 'As products name them; the page’s address follows it.' },
  { key: 'shirt_number', label: 'Shirt number', hint: 'Up to two digits, or empty.' },
  { key: 'career_goals', label: 'Career goals' },
  { key: 'trophies', label: 'Trophies' },
  { key: 'bio', label: 'Bio', long: true },
];

/** The shop's own colours, for a new profile. */
const NEW_COLORS = { color_primary: '#0b1220', color_secondary: '#d4ff3a' };

function valuesOf(kind: ProfileKind, row: AdminTeam | AdminPlayer | undefined): Values {
  const specs = kind === 'team' ? TEAM_TEXT : PLAYER_TEXT;
  const values: Values = {};
  const source = (row ?? {}) as Record<string, unknown>;
  for (const { key } of specs) values[key] = typeof source[key] === 'string' ? source[key] : '';
  values.color_primary = row?.color_primary ?? NEW_COLORS.color_primary;
  values.color_secondary = row?.color_secondary ?? NEW_COLORS.color_secondary;
  values.featured_position = row?.featured_position != null ? String(row.featured_position) : '';
  if (kind === 'player') {
    const teamId = (row as AdminPlayer | undefined)?.team_id;
    values.team_id = teamId != null ? String(teamId) : '';
  }
  return values;
}

/** The profile's request, checked with the contract's schema of its kind. */
function requestOf(kind: ProfileKind, values: Values) {
  const specs = kind === 'team' ? TEAM_TEXT : PLAYER_TEXT;
  const body: Record<string, unknown> = {};
  for (const { key } of specs) body[key] = values[key] ?? '';
  body.color_primary = values.color_primary;
  body.color_secondary = values.color_secondary;
  body.featured_position = values.featured_position ? Number(values.featured_position) : null;
  if (kind === 'player') body.team_id = values.team_id ? Number(values.team_id) : null;
  return (kind === 'team' ? TeamRequest : PlayerRequest).safeParse(body);
}

function ColorField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: pick`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-line bg-white p-1"
        />
        <input
          id={id}
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${controlClass} font-mono ${error ? 'border-sale' : 'border-line'}`}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

function Preview({
  kind,
  values,
  teamName,
}: {
  kind: ProfileKind;
  values: Values;
  teamName?: string;
}) {
  const colors: [string, string] = [
    /^#[0-9a-f]{6}$/i.test(values.color_primary ?? '') ? values.color_primary! : '#0b1220',
    /^#[0-9a-f]{6}$/i.test(values.color_secondary ?? '') ? values.color_secondary! : '#d4ff3a',
  ];
  const name = values.name?.trim() || (kind === 'team' ? 'New team' : 'New player');
  // As the storefront's hero: four stats for a team, a player's trophies across two.
  const stats: [string, string | undefined, boolean][] =
    kind === 'team'
      ? [
          ['Founded', values.founded, false],
          ['Stadium', values.stadium, false],
          ['Trophies', values.trophies, false],
          ['League titles', values.league_titles, false],
        ]
      : [
          ['Team', teamName, false],
          ['Career goals', values.career_goals, false],
          ['Trophies', values.trophies, true],
        ];
  return (
    <figure className="rounded-2xl bg-ink p-5 text-white" aria-label="Preview of the page">
      <div className="flex items-center gap-4">
        {kind === 'team' ? (
          <TeamCrest
            shortName={(values.short_name ?? '').trim().toUpperCase() || '?'}
            colors={colors}
            size={96}
          />
        ) : (
          <PlayerBadge
            name={name}
            number={(values.shirt_number ?? '').trim()}
            colors={colors}
            size={96}
          />
        )}
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-volt uppercase">
            {kind === 'team' ? 'Team' : 'Player'}
          </p>
          <p className="font-display text-2xl leading-tight font-extrabold break-words uppercase">
            {name}
          </p>
        </div>
      </div>
      {values.bio?.trim() && <p className="mt-3 text-sm text-white/80">{values.bio}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2">
        {stats.map(([label, value, wide]) => (
          <div
            key={label}
            className={`rounded-xl bg-white/5 px-3 py-2 ${wide ? 'col-span-2' : ''}`}
          >
            <dt className="text-[0.65rem] font-semibold tracking-wider text-white/70 uppercase">
              {label}
            </dt>
            <dd className="font-display text-base font-bold break-words">{value?.trim() || '—'}</dd>
          </div>
        ))}
      </dl>
      <figcaption className="mt-3 text-xs text-white/60">
        As the storefront’s page will show it.
      </figcaption>
    </figure>
  );
}

export interface ProfileFormProps {
  kind: ProfileKind;
  /** The row being edited; none for a new one. */
  row?: AdminTeam | AdminPlayer;
  /** Who holds each featured place now (a place's label names them). */
  holders: ReadonlyMap<number, string>;
  /** For players: the teams to choose from. */
  teams?: readonly { id: number; name: string }[];
  onDone: (saved?: string) => void;
}

export function ProfileForm({ kind, row, holders, teams = [], onDone }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const form = useRequestForm<Values, TeamRequest | PlayerRequest>(
    { safeParse: (values) => requestOf(kind, values as Values) },
    { defaultValues: valuesOf(kind, row) },
  );
  const { errors } = form.formState;
  // The preview draws what is typed.
  const values = form.watch();
  const controlled = (key: string) => ({
    value: values[key] ?? '',
    onChange: (value: string) => form.setValue(key, value),
    error: errors[key]?.message,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // An Edit button far down the list opens the form at the top: bring it into view.
  useEffect(() => heading.current?.scrollIntoView?.({ block: 'nearest' }), []);

  const save = useMutation({
    mutationFn: async (body: TeamRequest | PlayerRequest) => {
      if (kind === 'team') {
        const b = body as TeamRequest;
        return row
          ? (await call('updateTeam', { params: { id: row.id }, body: b })).team.name
          : (await call('createTeam', { body: b })).team.name;
      }
      const b = body as PlayerRequest;
      return row
        ? (await call('updatePlayer', { params: { id: row.id }, body: b })).player.name
        : (await call('createPlayer', { body: b })).player.name;
    },
    onSuccess: (name) => {
      void queryClient.invalidateQueries({
        queryKey: ['admin', kind === 'team' ? 'listTeams' : 'listPlayers'],
      });
      if (kind === 'team')
        void queryClient.invalidateQueries({ queryKey: ['admin', 'listPlayers'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      onDone(name);
    },
  });

  const placeOptions = [
    { value: '', label: 'Not featured' },
    ...Array.from({ length: FEATURED_PLACES }, (_, i) => {
      const holder = holders.get(i + 1);
      const mine = holder !== undefined && holder === row?.name;
      return {
        value: String(i + 1),
        label: holder && !mine ? `${i + 1} — now ${holder}` : String(i + 1),
      };
    }),
  ];
  const specs = kind === 'team' ? TEAM_TEXT : PLAYER_TEXT;
  const teamName = teams.find((t) => String(t.id) === values.team_id)?.name;
  const what = kind === 'team' ? 'team' : 'player';

  return (
    <section
      aria-labelledby="profile-form"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="profile-form" ref={heading} className="scroll-mt-24 text-lg font-bold">
        {row ? `Edit ${row.name}` : `Add a ${what}`}
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
          className="grid gap-4 sm:grid-cols-2"
        >
          {specs
            .filter((s) => !s.long)
            .map((s) => (
              <TextField
                key={s.key}
                label={s.label}
                hint={s.hint}
                autoComplete="off"
                {...form.register(s.key)}
                error={errors[s.key]?.message}
              />
            ))}
          {kind === 'player' && (
            <SelectField
              label="Team"
              options={[
                { value: '', label: 'No team' },
                ...teams.map((t) => ({ value: String(t.id), label: t.name })),
              ]}
              {...form.register('team_id')}
              error={errors.team_id?.message}
            />
          )}
          <SelectField
            label="Featured place"
            options={placeOptions}
            {...form.register('featured_position')}
            error={errors.featured_position?.message}
          />
          <ColorField label="Main colour" {...controlled('color_primary')} />
          <ColorField label="Trim colour" {...controlled('color_secondary')} />
          {specs
            .filter((s) => s.long)
            .map((s) => (
              <BioField key={s.key} label={s.label} {...controlled(s.key)} />
            ))}
          <div className="space-y-3 sm:col-span-2">
            <FormMessage text={save.error ? errorText(save.error) : null} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
                {save.isPending ? 'Saving…' : row ? 'Save changes' : `Add ${what}`}
              </button>
              <button type="button" className={buttonClass('ghost')} onClick={() => onDone()}>
                Cancel
              </button>
            </div>
          </div>
        </form>
        <Preview kind={kind} values={values} teamName={teamName} />
      </div>
    </section>
  );
}

function BioField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className={`${controlClass} py-2.5 ${error ? 'border-sale' : 'border-line'}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {value.length} of 600 characters.
        </p>
      )}
    </div>
  );
}
