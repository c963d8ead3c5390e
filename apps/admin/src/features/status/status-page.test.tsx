import type { StatusResponse } from '@kitroom/contract/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';
import { formatBytes, formatDuration } from './status-format';

const GIB = 1024 ** 3;

const healthy: StatusResponse = {
  checked_at: '2026-11-26T06:30:00.000Z',
  version: '0.1.0',
  started_at: '2026-11-24T04:30:00.000Z',
  uptime_seconds: 2 * 86_400 + 2 * 3_600,
  outbox: { level: 'green', pending: 0, oldest_waiting_seconds: null },
  webhooks: {
    level: 'green',
    failures_last_hour: 0,
    failures_last_15_minutes: 0,
    successes_last_15_minutes: 4,
  },
  sweeps: {
    level: 'green',
    runs: [
      {
        name: 'orders',
        last_run_at: '2026-11-26T06:29:30.000Z',
        last_error: null,
        last_error_at: null,
      },
      {
        name: 'refunds',
        last_run_at: '2026-11-26T06:29:30.000Z',
        last_error: null,
        last_error_at: null,
      },
      {
        name: 'outbox',
        last_run_at: '2026-11-26T06:29:59.000Z',
        last_error: null,
        last_error_at: null,
      },
      { name: 'alerts', last_run_at: null, last_error: null, last_error_at: null },
    ],
  },
  backup: {
    level: 'green',
    nightly: true,
    latest: { taken_at: '2026-11-25T21:00:00.000Z', bytes: 48 * 1024 * 1024 },
  },
  disk: { level: 'green', free_bytes: 70 * GIB, total_bytes: 250 * GIB },
  database: { level: 'green', engine: 'postgres', bytes: 2 * GIB, trouble: null },
  whatsapp: { configured: false, failed_last_day: 0 },
  alerts: [],
};

const stuck: StatusResponse = {
  ...healthy,
  outbox: { level: 'red', pending: 37, oldest_waiting_seconds: 16 * 60 },
  sweeps: {
    level: 'amber',
    runs: healthy.sweeps.runs.map((r) =>
      r.name === 'outbox'
        ? { ...r, last_error: 'connect ECONNREFUSED 127.0.0.1:25', last_error_at: r.last_run_at }
        : r,
    ),
  },
  whatsapp: { configured: true, failed_last_day: 2 },
  alerts: [
    {
      kind: 'outbox_stuck',
      raised_at: '2026-11-26T06:20:00.000Z',
      mailed_at: null,
      detail: 'The oldest unsent mail has waited 16 minutes; 37 mails are waiting.',
    },
  ],
};

function check(name: string) {
  return screen.getByRole('region', { name });
}

describe('the Status page', () => {
  it("shows each check's figure and level, the version and uptime, and no alert", async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Fathima' })) },
      'GET /api/admin/status': { body: healthy },
    });
    renderAdmin('/status');
    expect(await screen.findByRole('heading', { name: 'Status', level: 1 })).toBeTruthy();
    expect(
      await screen.findByText(
        'Version 0.1.0, up 2 days 2 h (since 24 Nov 2026, 10:00 am). Checked 26 Nov 2026, 12:00 pm.',
      ),
    ).toBeTruthy();
    expect(check('Owner alerts').textContent).toBe(
      'Owner alertsNone raised. Owners get a mail when one is.',
    );
    expect(check('Mail outbox').textContent).toBe('Mail outboxOK0 waitingEvery mail has gone out.');
    expect(check('Webhooks (payments, couriers, WhatsApp)').textContent).toBe(
      'Webhooks (payments, couriers, WhatsApp)OK0 failed in the last hourLast 15 minutes: 0 failed, 4 succeeded.',
    );
    expect(check('Last backup').textContent).toBe(
      'Last backupOK9 h 30 min ago26 Nov 2026, 2:30 am, 48.0 MiB',
    );
    expect(check('Disk free under DATA_DIR').textContent).toBe(
      'Disk free under DATA_DIROK70.0 GiB28% of 250.0 GiB',
    );
    expect(check('Database').textContent).toBe('DatabaseOKPostgreSQL2.0 GiB on disk');
    expect(check('WhatsApp order updates').textContent).toBe(
      'WhatsApp order updatesOKOffNot configured: shoppers are not offered WhatsApp updates (WHATSAPP_* settings).',
    );
    const jobs = check('Periodic jobs');
    expect(within(jobs).getByText('No failures')).toBeTruthy();
    expect(jobs.textContent).toContain('Mail sent from the outbox: last run 1 s ago');
    expect(jobs.textContent).toContain('Owner alerts checked: not run yet');
  });

  it('turns red with the alert raised, and says the owners have not been mailed yet', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager', { name: 'Arjun' })) },
      'GET /api/admin/status': { body: stuck },
    });
    renderAdmin('/status');
    const alerts = await screen.findByRole('region', { name: 'Owner alerts' });
    expect(alerts.className).toContain('bg-red-50');
    expect(within(alerts).getByText('Mail is not going out')).toBeTruthy();
    expect(
      within(alerts).getByText(
        'The oldest unsent mail has waited 16 minutes; 37 mails are waiting.',
      ),
    ).toBeTruthy();
    expect(
      within(alerts).getByText(
        'Raised 26 Nov 2026, 11:50 am. The mail to the owners has not gone out yet; it is tried again every 5 minutes.',
      ),
    ).toBeTruthy();
    const outbox = check('Mail outbox');
    expect(outbox.className).toContain('bg-red-50');
    expect(outbox.textContent).toBe('Mail outboxAct now37 waitingThe oldest has waited 16 min.');
    const whatsapp = check('WhatsApp order updates');
    expect(whatsapp.className).toContain('bg-amber-50');
    expect(whatsapp.textContent).toContain('On2 not delivered in the last day.');
    const jobs = check('Periodic jobs');
    expect(jobs.className).toContain('bg-amber-50');
    expect(jobs.textContent).toContain(
      'Failed 26 Nov 2026, 11:59 am: connect ECONNREFUSED 127.0.0.1:25',
    );
  });

  it('is not for packers: the page says so without asking the server', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer', { name: 'Ravi' })) },
    });
    renderAdmin('/status');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });
});

describe('the figures in words', () => {
  it('writes durations and sizes', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(16 * 60 + 5)).toBe('16 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(5_000_000)).toBe('4.8 MiB');
  });
});
