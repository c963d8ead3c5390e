import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Backup, BackupsResponse } from '@kitroom/contract/admin';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const nightly: Backup = {
  name: 'kitroom-2026-11-25T21-00-00Z-nightly.zip',
  taken_at: '2026-11-25T21:00:00Z',
  size_bytes: 5_432_100,
  reason: 'nightly',
};
const manual: Backup = {
  name: 'kitroom-2026-11-26T06-30-00Z-manual.zip',
  taken_at: '2026-11-26T06:30:00Z',
  size_bytes: 5_600_000,
  reason: 'manual',
};

describe('the backups page', () => {
  it('lists the backups with times and sizes, takes one now, and links each download', async () => {
    let backups: Backup[] = [nightly];
    const list = (): BackupsResponse => ({
      backups,
      nightly_at: '02:30',
      keep_daily: 7,
      keep_weekly: 4,
    });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/backups': () => ({ body: list() }),
      'POST /api/admin/backups': () => {
        backups = [manual, nightly];
        return { body: { backup: manual } };
      },
    });
    renderAdmin('/backups');
    expect(
      await screen.findByText(
        /backs itself up every night at 02:30 \(India time\), keeping the last 7 days and the last 4 weeks/,
        undefined,
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const all = screen.getByRole('list', { name: 'All backups' });
    expect(within(all).getByText('26 Nov 2026, 2:30 am')).toBeTruthy();
    expect(within(all).getByText(/Nightly · 5.4 MB/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: `Download ${nightly.name}` }).getAttribute('href'),
    ).toBe(`/api/admin/backups/${nightly.name}`);

    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(`Backed up: ${manual.name} (5.6 MB).`)).toBeTruthy();
    expect(await screen.findByRole('link', { name: `Download ${manual.name}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the latest' }).getAttribute('href')).toBe(
      `/api/admin/backups/${manual.name}`,
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/backups',
    ]);
  }, 15_000);

  it('is not for a manager', async () => {
    const api = fakeApi({ 'GET /api/admin/me': { body: signedInAs(staffMember('manager')) } });
    renderAdmin('/backups');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });
});
