import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { shopSettings } from '@/test/settings';
import { signedInAs, staffMember } from '@/test/staff';

const settings = shopSettings();

describe('the settings’ grievance officer', () => {
  it(
    'names the officer on its own, checked by the contract first',
    { timeout: 15_000 },
    async () => {
      const api = fakeApi({
        'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
        'GET /api/admin/settings': { body: { settings } },
        'PATCH /api/admin/settings': ({ body }) => ({
          body: { settings: { ...settings, ...(body as object) } },
        }),
        'GET /api/admin/audit': { body: { entries: [], next_before: null } },
      });
      renderAdmin('/settings');
      // The page's chunk loads on first visit: slow on a busy machine.
      const name = await screen.findByLabelText('Grievance officer’s name', {}, { timeout: 4000 });
      const email = screen.getByLabelText('Grievance officer’s email');
      fireEvent.change(name, { target: { value: 'Fathima Rahman' } });
      fireEvent.change(email, { target: { value: 'privacy at kitroom' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save grievance officer' }));
      expect(await screen.findByText('enter a valid email address')).toBeTruthy();
      expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

      fireEvent.change(email, { target: { value: 'Privacy@Kitroom.in' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save grievance officer' }));
      expect(
        await screen.findByText('Saved: the privacy policy names this officer now.'),
      ).toBeTruthy();
      // Only the officer is sent: the shop's other settings are the form above's.
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        grievance_officer_name: 'Fathima Rahman',
        grievance_officer_email: 'privacy@kitroom.in',
      });
      expect((email as HTMLInputElement).value).toBe('privacy@kitroom.in');
    },
  );
});
