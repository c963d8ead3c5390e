import type { AdminPlayer, AdminTeam } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

function team(id: number, name: string, o: Partial<AdminTeam> = {}): AdminTeam {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    short_name: '',
    founded: '',
    stadium: '',
    bio: '',
    trophies: '',
    league_titles: '',
    color_primary: '#111827',
    color_secondary: '#e5e7eb',
    featured_position: null,
    product_count: 0,
    updated_at: '2026-11-25T05:30:00.000Z',
    ...o,
  };
}

const madrid = team(1, 'Real Madrid', {
  short_name: 'RMA',
  founded: '1902',
  stadium: 'Santiago Bernabéu, Madrid',
  bio: 'All white.',
  color_primary: '#ffffff',
  color_secondary: '#1e3a8a',
  featured_position: 1,
  product_count: 12,
});
const chelsea = team(2, 'Chelsea', { product_count: 4 });

const messi: AdminPlayer = {
  id: 7,
  name: 'Lionel Messi',
  slug: 'lionel-messi',
  team_id: null,
  team_name: null,
  shirt_number: '10',
  bio: '',
  career_goals: '850+',
  trophies: '',
  color_primary: '#75aadb',
  color_secondary: '#ffffff',
  featured_position: 1,
  product_count: 3,
  updated_at: '2026-11-25T05:30:00.000Z',
};

function setUp(role: 'manager' | 'packer', path = '/teams') {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember(role)) },
    'GET /api/admin/teams': { body: { teams: [madrid, chelsea] } },
    'GET /api/admin/players': { body: { players: [messi] } },
    'PATCH /api/admin/teams/2': ({ body }) =>
      (body as { featured_position: number | null }).featured_position === 1
        ? {
            status: 409,
            body: { error: "Featured position 1 is already Real Madrid's: clear it there first." },
          }
        : { body: { team: { ...chelsea, ...(body as object) } } },
    'POST /api/admin/teams': ({ body }) => ({ body: { team: team(3, 'x', body as object) } }),
    'PATCH /api/admin/players/7': ({ body }) => ({
      body: { player: { ...messi, ...(body as object) } },
    }),
    'GET /api/admin/audit': { body: { entries: [], next_before: null } },
  });
  const view = renderAdmin(path);
  return { api, ...view };
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('the teams page', () => {
  it('lists every team with its featured place and product count', async () => {
    setUp('manager');
    await screen.findByRole('rowheader', { name: 'Real Madrid' });
    const row = within(rowOf('Real Madrid'));
    expect(row.getByText('#1')).toBeTruthy();
    expect(row.getByText('12')).toBeTruthy();
    expect(row.getByText('Santiago Bernabéu, Madrid')).toBeTruthy();
    expect(rowOf('Chelsea').querySelector('svg text')?.textContent).toBe('CHE');
    expect(screen.getByRole('link', { name: 'Teams' }).getAttribute('aria-current')).toBe('page');
  });

  it('edits a profile with a live preview, checked by the contract, and shows the refusal', async () => {
    const { api } = setUp('manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Chelsea' }));
    const form = within(screen.getByRole('region', { name: 'Edit Chelsea' }));
    const preview = within(form.getByRole('figure', { name: 'Preview of the page' }));

    fireEvent.change(form.getByLabelText('Crest letters'), { target: { value: 'che' } });
    fireEvent.change(form.getByLabelText('Main colour'), { target: { value: '#034694' } });
    fireEvent.change(form.getByLabelText('Stadium'), { target: { value: 'Stamford Bridge' } });
    expect(preview.getByText('CHE')).toBeTruthy();
    expect(preview.getByText('Stamford Bridge')).toBeTruthy();
    // The crest's face is drawn in the main colour, its outline and band in the trim.
    const paths = form.getByRole('figure').querySelectorAll('path');
    expect([...paths].map((p) => p.getAttribute('fill'))).toEqual([
      '#e5e7eb',
      '#034694',
      '#e5e7eb',
    ]);

    fireEvent.change(form.getByLabelText('Trim colour'), { target: { value: 'blue' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('color_secondary must be a colour like #1e3a8a')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(form.getByLabelText('Trim colour'), { target: { value: '#FFFFFF' } });
    const place = form.getByLabelText('Featured place') as HTMLSelectElement;
    expect(within(place).getByRole('option', { name: '1 — now Real Madrid' })).toBeTruthy();
    fireEvent.change(place, { target: { value: '1' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(
      await form.findByText("Featured position 1 is already Real Madrid's: clear it there first."),
    ).toBeTruthy();

    fireEvent.change(place, { target: { value: '2' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Chelsea is saved: the storefront shows it now.')).toBeTruthy();
    const sent = api.calls.filter((c) => c.path === '/api/admin/teams/2').at(-1)!.body;
    expect(sent).toEqual({
      name: 'Chelsea',
      short_name: 'CHE',
      founded: '',
      stadium: 'Stamford Bridge',
      bio: '',
      trophies: '',
      league_titles: '',
      color_primary: '#034694',
      color_secondary: '#ffffff',
      featured_position: 2,
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Chelsea' })).toBeNull());
  });

  it('adds a team', async () => {
    const { api } = setUp('manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a team' }));
    const form = within(screen.getByRole('region', { name: 'Add a team' }));
    fireEvent.click(form.getByRole('button', { name: 'Add team' }));
    expect(await form.findByText('name is required')).toBeTruthy();
    expect(form.getByText('short_name must be 2 to 4 letters or digits, like RMA')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Gokulam Kerala' } });
    fireEvent.change(form.getByLabelText('Crest letters'), { target: { value: 'GKFC' } });
    fireEvent.click(form.getByRole('button', { name: 'Add team' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        name: 'Gokulam Kerala',
        short_name: 'GKFC',
        color_primary: '#0b1220',
        color_secondary: '#d4ff3a',
        featured_position: null,
      }),
    );
  });

  it('lets a packer read but not edit', async () => {
    setUp('packer');
    await screen.findByRole('rowheader', { name: 'Real Madrid' });
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a team' })).toBeNull();
  });
});

describe('the players page', () => {
  it('edits a player’s team and number, with the badge in the preview', async () => {
    const { api } = setUp('manager', '/players?edit=7');
    const form = within(await screen.findByRole('region', { name: 'Edit Lionel Messi' }));
    await waitFor(() =>
      expect(
        within(form.getByLabelText('Team')).getByRole('option', { name: 'Real Madrid' }),
      ).toBeTruthy(),
    );
    fireEvent.change(form.getByLabelText('Team'), { target: { value: '1' } });
    fireEvent.change(form.getByLabelText('Shirt number'), { target: { value: '30' } });
    const preview = within(form.getByRole('figure', { name: 'Preview of the page' }));
    expect(preview.getByText('#30')).toBeTruthy();
    expect(preview.getByText('LM')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Lionel Messi is saved: the storefront shows it now.');
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      team_id: 1,
      shirt_number: '30',
    });
  });
});
