// /admin/teams and /admin/players (catalogue.read; changes need catalogue.write): every team
// or player with its crest, featured place and product count, and the profile form with its
// live preview (?edit=new or ?edit=<id>, so an edit can be linked to). Below 768 px each row
// is a card.
import { shortNameOf } from '@kitroom/contract';
import type { AdminPlayer, AdminTeam } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { useSession } from '@/api/session';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage } from '@/ui/form-field';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';
import { PlayerBadge, TeamCrest } from '@kitroom/ui/crests';
import { ProfileForm, type ProfileKind } from './profile-form';

type Row = AdminTeam | AdminPlayer;

const cell =
  'px-3 py-3 align-middle max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-1.5';
const cardLabel = 'md:hidden text-xs font-semibold uppercase tracking-wide text-muted';
const border = 'md:border-b md:border-line';

function Emblem({ kind, row, size }: { kind: ProfileKind; row: Row; size: number }) {
  const colors: [string, string] = [row.color_primary, row.color_secondary];
  return kind === 'team' ? (
    <TeamCrest
      shortName={(row as AdminTeam).short_name || shortNameOf(row.name)}
      colors={colors}
      size={size}
    />
  ) : (
    <PlayerBadge
      name={row.name}
      number={(row as AdminPlayer).shirt_number}
      colors={colors}
      size={size}
    />
  );
}

function ProfileTable({
  kind,
  rows,
  canEdit,
  onEdit,
}: {
  kind: ProfileKind;
  rows: readonly Row[];
  canEdit: boolean;
  onEdit: (row: Row) => void;
}) {
  return (
    <Table
      caption={kind === 'team' ? 'Teams' : 'Players'}
      columns={[
        kind === 'team' ? 'Team' : 'Player',
        kind === 'team' ? 'Stadium' : 'Team',
        'Featured',
        { label: 'Products', className: 'text-right' },
        { label: <span className="sr-only">Actions</span> },
      ]}
    >
      {rows.map((row) => (
        <tr
          key={row.id}
          className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
        >
          <th scope="row" className={`${cell} ${border} text-left font-semibold`}>
            <span className="flex items-center gap-3">
              <Emblem kind={kind} row={row} size={40} />
              <span>{row.name}</span>
            </span>
          </th>
          <td className={`${cell} ${border}`}>
            <span className={cardLabel}>{kind === 'team' ? 'Stadium' : 'Team'}</span>
            <span className="text-muted">
              {(kind === 'team' ? (row as AdminTeam).stadium : (row as AdminPlayer).team_name) ||
                '—'}
            </span>
          </td>
          <td className={`${cell} ${border}`}>
            <span className={cardLabel}>Featured</span>
            {row.featured_position !== null ? (
              <span className="rounded-full bg-volt px-2.5 py-0.5 text-xs font-bold text-ink">
                #{row.featured_position}
              </span>
            ) : (
              <span className="text-muted">—</span>
            )}
          </td>
          <td className={`${cell} ${border} md:text-right`}>
            <span className={cardLabel}>Products</span>
            {row.product_count}
          </td>
          <td className={`${cell} ${border} md:text-right`}>
            {canEdit && (
              <button
                type="button"
                className={smallButtonClass('ghost', 'max-md:w-full')}
                onClick={() => onEdit(row)}
                aria-label={`Edit ${row.name}`}
              >
                Edit
              </button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function ProfilesPage({ kind }: { kind: ProfileKind }) {
  const title = kind === 'team' ? 'Teams' : 'Players';
  useTitle(title);
  const { permissions } = useSession();
  const canEdit = permissions.includes('catalogue.write');
  const [search, setSearch] = useSearchParams();
  const [saved, setSaved] = useState<string | null>(null);
  const teams = useQuery(callQuery('listTeams'));
  const players = useQuery({ ...callQuery('listPlayers'), enabled: kind === 'player' });
  const list = kind === 'team' ? teams : players;
  const rows: readonly Row[] | undefined =
    kind === 'team' ? teams.data?.teams : players.data?.players;

  const editing = canEdit ? search.get('edit') : null;
  const row =
    editing && editing !== 'new' ? rows?.find((r) => String(r.id) === editing) : undefined;
  const open = editing === 'new' || row !== undefined;
  const holders = new Map(
    (rows ?? []).flatMap((r) =>
      r.featured_position !== null ? [[r.featured_position, r.name] as const] : [],
    ),
  );
  const edit = (value: string | null) => {
    setSaved(null);
    setSearch(value ? { edit: value } : {}, { replace: false });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">{title}</h1>
          <p className="mt-1 text-muted">
            {kind === 'team'
              ? 'The crest, colours and story each team’s page shows; the featured eight lead the home page.'
              : 'The badge, colours and story each player’s page shows; the featured eight lead the home page.'}
          </p>
        </div>
        {canEdit && !open && (
          <button type="button" className={buttonClass('primary')} onClick={() => edit('new')}>
            {kind === 'team' ? 'Add a team' : 'Add a player'}
          </button>
        )}
      </div>
      <FormMessage
        tone="info"
        text={saved ? `${saved} is saved: the storefront shows it now.` : null}
      />
      {open && (
        <ProfileForm
          key={editing}
          kind={kind}
          row={row}
          holders={holders}
          teams={teams.data?.teams}
          onDone={(name) => {
            edit(null);
            if (name) setSaved(name);
          }}
        />
      )}
      <section
        aria-labelledby="profiles-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="profiles-list" className="mb-2 text-lg font-bold md:px-3">
          {kind === 'team' ? 'Every team' : 'Every player'}
        </h2>
        {list.error ? (
          <FormMessage text={errorText(list.error)} />
        ) : rows ? (
          <ProfileTable
            kind={kind}
            rows={rows}
            canEdit={canEdit}
            onEdit={(r) => edit(String(r.id))}
          />
        ) : (
          <p role="status">Loading {title.toLowerCase()}…</p>
        )}
      </section>
    </div>
  );
}

export function TeamsPage() {
  return <ProfilesPage kind="team" />;
}

export function PlayersPage() {
  return <ProfilesPage kind="player" />;
}
