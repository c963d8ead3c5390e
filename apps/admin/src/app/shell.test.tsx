import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the signed-in shell', () => {
  it('shows who is signed in, and links only to the pages their role may open', async () => {
    const owner = staffMember('owner', { name: 'Fathima' });
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(owner) },
      'GET /api/admin/staff': { body: { staff: [owner] } },
    });
    renderAdmin('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Fathima' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Fathima')).toBeTruthy();
    expect(within(banner).getByText('Owner')).toBeTruthy();
    expect(navLinks()).toEqual([
      'Dashboard',
      'Orders',
      'Customers',
      'Returns',
      'Deliveries',
      'Refunds',
      'Reconciliation',
      'Products',
      'Categories',
      'Size charts',
      'Teams',
      'Players',
      'Import / export',
      'Launches',
      'Coupons',
      'Giveaways',
      'Reviews',
      'Feedback',
      'Wholesale',
      'Account deletions',
      'Referrals',
      'Tax',
      'Status',
      'Staff',
      'Audit log',
      'Settings',
      'Backups',
    ]);
    expect(
      screen.getByText('Invite staff, change their roles, disable them and reset their sign-in'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Staff' }));
    expect(await screen.findByRole('heading', { name: 'Staff', level: 1 })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('tells a packer that Staff is not for their role, without asking the server', async () => {
    const packer = staffMember('packer', { name: 'Ravi' });
    const api = fakeApi({ 'GET /api/admin/me': { body: signedInAs(packer) } });
    renderAdmin('/staff');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(navLinks()).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Deliveries',
      'Products',
      'Categories',
      'Size charts',
      'Teams',
      'Players',
      'Import / export',
      'Launches',
    ]);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });

  it('sends to sign-in without a session, and after it back to the page asked for', async () => {
    const manager = staffMember('manager', { name: 'Anil' });
    let signedIn = false;
    fakeApi({
      'GET /api/admin/me': () =>
        signedIn
          ? { body: signedInAs(manager) }
          : { status: 401, body: { error: 'Please sign in to the back office.' } },
      'POST /api/admin/sign-in': () => {
        signedIn = true;
        return { body: { status: 'signed-in', ...signedInAs(manager) } };
      },
      'GET /api/admin/audit': { body: { entries: [], next_before: null } },
    });
    const app = renderAdmin('/audit');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(app.path()).toBe('/admin/sign-in');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: manager.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    expect(app.path()).toBe('/admin/audit');
  });

  it('goes to sign-in when any call finds the session over', async () => {
    const owner = staffMember('owner');
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(owner) },
      'GET /api/admin/staff': {
        status: 401,
        body: { error: 'Please sign in to the back office.' },
      },
    });
    const app = renderAdmin('/staff');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(app.path()).toBe('/admin/sign-in');
  });

  it('signs out', async () => {
    const owner = staffMember('owner');
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(owner) },
      'POST /api/admin/sign-out': { body: { signed_out: true } },
    });
    const app = renderAdmin('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out.')).toBeTruthy();
    expect(app.path()).toBe('/admin/sign-in');
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/admin/sign-out' });
  });
});
