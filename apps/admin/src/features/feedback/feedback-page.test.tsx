import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFeedback } from '@kitroom/contract/admin';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const support = staffMember('support', { name: 'Divya' });
const entry = (id: number, o: Partial<AdminFeedback> = {}): AdminFeedback => ({
  id,
  feedback: `Feedback number ${id}`,
  created_at: '2026-11-24T09:15:00.000Z',
  user: null,
  handled_at: null,
  handled_by: null,
  ...o,
});

describe('the feedback pages', () => {
  it('lists waiting entries first and marks one handled', async () => {
    let handled = false;
    const four = () =>
      entry(4, {
        feedback: 'The size chart is hard to find.\nPlease add it to the product page.',
        user: { id: 9, name: 'Meera Pillai', email: 'meera@example.com' },
        ...(handled
          ? {
              handled_at: '2026-11-25T10:00:00.000Z',
              handled_by: { id: support.id, name: 'Divya' },
            }
          : {}),
      });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(support) },
      'GET /api/admin/feedback': () => ({
        body: {
          feedback: [
            four(),
            entry(2, {
              handled_at: '2026-11-20T10:00:00.000Z',
              handled_by: { id: 1, name: 'Fathima' },
            }),
          ],
          unhandled: handled ? 0 : 1,
          next_after: null,
        },
      }),
      'PATCH /api/admin/feedback/4': () => {
        handled = true;
        return { body: { feedback: four() } };
      },
    });
    renderAdmin('/feedback');
    const card = within(
      await screen.findByRole('listitem', { name: 'Feedback #4' }, { timeout: 5000 }),
    );
    expect(screen.getByText(/1 waiting\./)).toBeTruthy();
    expect(card.getByText('Meera Pillai', { exact: false })).toBeTruthy();
    expect(card.getByText('Waiting')).toBeTruthy();
    const other = within(screen.getByRole('listitem', { name: 'Feedback #2' }));
    expect(other.getByText('Handled by Fathima')).toBeTruthy();
    expect(other.getByText('A visitor (not logged in)', { exact: false })).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Mark handled' }));
    expect(await card.findByText('Handled by Divya')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ handled: true });
    await waitFor(() => expect(screen.getByText(/0 waiting\./)).toBeTruthy());
  });

  it('reads an entry in full with the sender’s address', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(support) },
      'GET /api/admin/feedback/4': {
        body: {
          feedback: entry(4, {
            feedback: 'A long message.\nSecond line.',
            user: { id: 9, name: 'Meera Pillai', email: 'meera@example.com' },
          }),
        },
      },
    });
    renderAdmin('/feedback/4');
    expect(await screen.findByText('Meera Pillai (meera@example.com)')).toBeTruthy();
    expect(screen.getByText(/Second line\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark handled' })).toBeTruthy();
  });
});
