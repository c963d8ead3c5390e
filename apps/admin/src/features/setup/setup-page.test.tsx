import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const firstOwnerInfo = {
  kind: 'new',
  email: null,
  name: null,
  role: 'owner',
  needs_two_factor: true,
  totp_secret: SECRET,
  otpauth_url: `otpauth://totp/Kitroom:owner?secret=${SECRET}&issuer=Kitroom`,
  expires_at: '2026-11-25T06:00:00.000Z',
};

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the setup page', () => {
  it("enrols the first owner's password and authenticator, then shows the recovery codes once", async () => {
    const owner = staffMember('owner', { name: 'Fathima', email: 'owner@kitroom.in' });
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i + 2}k`);
    const api = fakeApi({
      [`GET /api/admin/setup/${TOKEN}`]: { body: firstOwnerInfo },
      'POST /api/admin/setup': { body: { ...signedInAs(owner), recovery_codes: codes } },
      'GET /api/admin/me': { body: signedInAs(owner) },
    });
    const app = renderAdmin(`/setup/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Set up the back office' })).toBeTruthy();
    expect(screen.getByText(/first owner/)).toBeTruthy();
    // The QR code is drawn in the page, and the key is there to type in.
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Key to type in').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    // The contract's rules are checked before anything is sent.
    type('Your name', 'Fathima');
    type('Email', 'owner@kitroom.in');
    type('Password', 'short');
    type('Password again', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('password must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('enter the 6 digits your authenticator app shows')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    type('Password', 'a long owner password');
    type('Password again', 'a long owner passw0rd');
    type('6-digit code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    type('Password again', 'a long owner password');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(document.activeElement).toBe(heading);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: TOKEN,
      name: 'Fathima',
      email: 'owner@kitroom.in',
      password: 'a long owner password',
      totp_code: '123456',
    });
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Fathima' })).toBeTruthy();
    expect(app.path()).toBe('/admin');
  });

  it('lets an invited packer set a password only, and goes straight to the dashboard', async () => {
    const packer = staffMember('packer', { name: 'Ravi', email: 'ravi@kitroom.in' });
    const api = fakeApi({
      [`GET /api/admin/setup/${TOKEN}`]: {
        body: {
          ...firstOwnerInfo,
          email: 'ravi@kitroom.in',
          name: 'Ravi',
          role: 'packer',
          needs_two_factor: false,
        },
      },
      'POST /api/admin/setup': { body: { ...signedInAs(packer), recovery_codes: [] } },
      'GET /api/admin/me': { body: signedInAs(packer) },
    });
    renderAdmin(`/setup/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join as packer' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Ravi');
    const optIn = screen.getByRole('checkbox', { name: /authenticator app/ });
    expect((optIn as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('6-digit code')).toBeNull();

    type('Password', 'packer password 1');
    type('Password again', 'packer password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: TOKEN,
      name: 'Ravi',
      password: 'packer password 1',
    });
  });

  it("shows the server's refusal of a code", async () => {
    fakeApi({
      [`GET /api/admin/setup/${TOKEN}`]: { body: firstOwnerInfo },
      'POST /api/admin/setup': {
        status: 400,
        body: {
          error: 'That code is not right. Try the newest code in your app, or a recovery code.',
        },
      },
    });
    renderAdmin(`/setup/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Set up the back office' });
    type('Your name', 'Fathima');
    type('Email', 'owner@kitroom.in');
    type('Password', 'a long owner password');
    type('Password again', 'a long owner password');
    type('6-digit code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^That code is not right/);
  });

  it('says what to do with a used or expired link', async () => {
    fakeApi({
      [`GET /api/admin/setup/${TOKEN}`]: {
        status: 404,
        body: {
          error: 'This setup link is not valid or has expired. Ask the owner for a new one.',
        },
      },
    });
    renderAdmin(`/setup/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This setup link is not valid or has expired. Ask the owner for a new one.',
    );
    expect(screen.getByText(/npm run staff -- setup-link/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to sign-in' })).toBeTruthy());
  });
});
