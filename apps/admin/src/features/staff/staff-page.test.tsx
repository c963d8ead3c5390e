import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffInvitation } from '@kitroom/contract/admin';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const link = {
  setup_url: 'http://shop.test/admin/setup/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  expires_at: '2026-11-25T06:00:00.000Z',
};

const invitation = (id: number, email: string, overrides: Partial<StaffInvitation> = {}) => ({
  id,
  email,
  name: email.split('@')[0]!,
  role: 'support' as const,
  sent_at: '2026-11-24T06:00:00.000Z',
  expires_at: '2026-11-25T06:00:00.000Z',
  expired: false,
  ...overrides,
});

function setUp() {
  const owner = staffMember('owner', { name: 'Fathima' });
  const packer = staffMember('packer', { name: 'Ravi', email: 'ravi@kitroom.in' });
  let invitations = [
    invitation(8, 'meera@kitroom.in', { name: 'Meera', role: 'manager' }),
    invitation(5, 'anil@kitroom.in', { name: 'Anil', expired: true }),
  ];
  let invited = 0;
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(owner) },
    'GET /api/admin/staff': { body: { staff: [owner, packer] } },
    'GET /api/admin/staff/invitations': () => ({ body: { invitations } }),
    'POST /api/admin/staff/invite': () => {
      invited += 1;
      return { body: { ...link, setup_url: `${link.setup_url}${invited}` } };
    },
    'POST /api/admin/staff/invitations/5/resend': () => {
      invitations = invitations.map((i) => (i.id === 5 ? { ...i, id: 9, expired: false } : i));
      return { body: { ...link, setup_url: `${link.setup_url}resent` } };
    },
    'POST /api/admin/staff/invitations/8/revoke': () => {
      invitations = invitations.filter((i) => i.id !== 8);
      return { body: { revoked: true } };
    },
    [`PATCH /api/admin/staff/${packer.id}`]: ({ body }) => ({
      body: { staff: { ...packer, ...(body as object) } },
    }),
    [`PATCH /api/admin/staff/${owner.id}`]: {
      status: 400,
      body: { error: 'The shop needs at least one owner who can sign in.' },
    },
    [`POST /api/admin/staff/${packer.id}/reset`]: { body: link },
  });
  renderAdmin('/staff');
  return { api, owner, packer };
}

const rowOf = (email: string) => screen.getByText(email).closest('tr')!;

describe('the staff page', () => {
  it('lists staff with role, two-factor and status', async () => {
    const { owner } = setUp();
    await screen.findByText('ravi@kitroom.in');
    const ravi = within(rowOf('ravi@kitroom.in'));
    expect((ravi.getByRole('combobox', { name: 'Role of Ravi' }) as HTMLSelectElement).value).toBe(
      'packer',
    );
    expect(ravi.getByText('No')).toBeTruthy();
    expect(ravi.getByText('Active')).toBeTruthy();
    expect(within(rowOf(owner.email)).getByText('you')).toBeTruthy();
  });

  it('invites with the contract checking the form; each invitation is mailed and its link stays shown', async () => {
    const { api } = setUp();
    await screen.findByText('ravi@kitroom.in');
    const invite = within(screen.getByRole('region', { name: 'Invite someone' }));
    expect(invite.getByText(/We mail them a setup link/)).toBeTruthy();
    fireEvent.click(invite.getByRole('button', { name: 'Invite' }));
    expect(await invite.findByText('email is required')).toBeTruthy();
    expect(invite.getByText('name is required')).toBeTruthy();
    expect(invite.getByText('role must be one of owner, manager, packer, support')).toBeTruthy();

    fireEvent.change(invite.getByLabelText('Email'), { target: { value: 'Asha@Kitroom.in' } });
    fireEvent.change(invite.getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.change(invite.getByLabelText('Role'), { target: { value: 'support' } });
    fireEvent.click(invite.getByRole('button', { name: 'Invite' }));
    const sent = await invite.findByLabelText(/^Mailed to asha@kitroom.in\. The link works once/);
    expect((sent as HTMLInputElement).value).toBe(`${link.setup_url}1`);
    expect(invite.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/admin/staff/invite')?.body).toEqual({
      email: 'asha@kitroom.in',
      name: 'Asha',
      role: 'support',
    });

    // A second invitation to someone else does not hide the first link.
    fireEvent.change(invite.getByLabelText('Email'), { target: { value: 'joseph@kitroom.in' } });
    fireEvent.change(invite.getByLabelText('Name'), { target: { value: 'Joseph' } });
    fireEvent.change(invite.getByLabelText('Role'), { target: { value: 'packer' } });
    fireEvent.click(invite.getByRole('button', { name: 'Invite' }));
    expect(await invite.findByLabelText(/^Mailed to joseph@kitroom.in/)).toBeTruthy();
    expect((invite.getByLabelText(/^Mailed to asha@kitroom.in/) as HTMLInputElement).value).toBe(
      `${link.setup_url}1`,
    );
  });

  it('lists pending invitations; Resend mails a new link, Revoke withdraws one', async () => {
    const { api } = setUp();
    const pending = within(await screen.findByRole('region', { name: 'Pending invitations' }));
    await pending.findByText('Meera');
    expect(
      pending.getByText(/Manager · mailed 24 Nov 2026, 11:30 am · link works until/),
    ).toBeTruthy();
    expect(pending.getByText('Expired')).toBeTruthy();

    fireEvent.click(
      pending.getByRole('button', { name: 'Resend the invitation to anil@kitroom.in' }),
    );
    expect(await pending.findByText('The earlier link no longer works.')).toBeTruthy();
    expect((pending.getByLabelText(/^Mailed to anil@kitroom.in/) as HTMLInputElement).value).toBe(
      `${link.setup_url}resent`,
    );
    await waitFor(() => expect(pending.queryByText('Expired')).toBeNull());

    fireEvent.click(
      pending.getByRole('button', { name: 'Revoke the invitation to meera@kitroom.in' }),
    );
    await waitFor(() => expect(pending.queryByText('Meera')).toBeNull());
    expect(pending.getByText('Anil')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/staff/invitations/5/resend',
      '/api/admin/staff/invitations/8/revoke',
    ]);
  });

  it('changes a role and disables; a refusal shows in its row', async () => {
    const { api, owner, packer } = setUp();
    await screen.findByText('ravi@kitroom.in');
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Ravi' }), {
      target: { value: 'support' },
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Role of Ravi' }) as HTMLSelectElement).value,
      ).toBe('support'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Disable Ravi' }));
    expect(await screen.findByRole('button', { name: 'Enable Ravi' })).toBeTruthy();
    expect(within(rowOf('ravi@kitroom.in')).getByText('Disabled')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`/api/admin/staff/${packer.id}`, { role: 'support' }],
      [`/api/admin/staff/${packer.id}`, { disabled: true }],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Disable Fathima' }));
    expect((await within(rowOf(owner.email)).findByRole('alert')).textContent).toBe(
      'The shop needs at least one owner who can sign in.',
    );
  });

  it('resets sign-in after asking, and shows the new link', async () => {
    const { api, packer } = setUp();
    await screen.findByText('ravi@kitroom.in');
    const opener = screen.getByRole('button', { name: 'Reset sign-in of Ravi' });
    // A click focuses a button in a browser, not in jsdom.
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: "Reset Ravi's sign-in?" });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(api.calls.some((c) => c.path.endsWith('/reset'))).toBe(false);

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in' }));
    const done = await screen.findByRole('dialog', { name: 'New setup link' });
    expect(
      (within(done).getByLabelText(/^Send ravi@kitroom.in this link/) as HTMLInputElement).value,
    ).toBe(link.setup_url);
    expect(api.calls.find((c) => c.path.endsWith('/reset'))?.path).toBe(
      `/api/admin/staff/${packer.id}/reset`,
    );
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
