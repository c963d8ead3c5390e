import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the sign-in page', () => {
  it("shows the server's refusal in its own words", async () => {
    fakeApi({
      'POST /api/admin/sign-in': {
        status: 401,
        body: { error: 'Please check your email and password and try again.' },
      },
    });
    const app = renderAdmin('/sign-in');
    type('Email', 'owner@kitroom.in');
    type('Password', 'wrong one');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please check your email and password and try again.',
    );
    expect(app.path()).toBe('/admin/sign-in');
  });

  it('asks for a code after the password when two-factor is on, then opens the dashboard', async () => {
    const owner = staffMember('owner', { name: 'Fathima' });
    const api = fakeApi({
      'POST /api/admin/sign-in': { body: { status: 'second-factor' } },
      'POST /api/admin/sign-in/second-factor': ({ body }) =>
        (body as { code: string }).code === '654321'
          ? { body: signedInAs(owner) }
          : {
              status: 400,
              body: {
                error:
                  'That code is not right. Try the newest code in your app, or a recovery code.',
              },
            },
      'GET /api/admin/me': { body: signedInAs(owner) },
    });
    const app = renderAdmin('/sign-in');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('email is required')).toBeTruthy();
    expect(api.calls).toEqual([]);

    type('Email', 'Owner@Kitroom.in');
    type('Password', 'a long owner password');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Two-factor code' });
    expect(document.activeElement).toBe(heading);
    expect(api.calls[0]?.body).toEqual({
      email: 'Owner@Kitroom.in',
      password: 'a long owner password',
    });

    type('Code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'enter the 6 digits your authenticator app shows, or a recovery code',
      ),
    ).toBeTruthy();
    type('Code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^That code is not right/);
    type('Code', '654 321');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Fathima' })).toBeTruthy();
    expect(app.path()).toBe('/admin');
  });

  it('takes a recovery code in place of the app', async () => {
    const owner = staffMember('owner');
    const api = fakeApi({
      'POST /api/admin/sign-in': { body: { status: 'second-factor' } },
      'POST /api/admin/sign-in/second-factor': { body: signedInAs(owner) },
      'GET /api/admin/me': { body: signedInAs(owner) },
    });
    renderAdmin('/sign-in');
    type('Email', 'owner@kitroom.in');
    type('Password', 'a long owner password');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Two-factor code' });
    type('Code', 'ABCDE-FGH2K');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: /^Welcome/ });
    expect(api.calls[1]?.body).toEqual({ code: 'ABCDE-FGH2K' });
  });

  it('signs a packer without two-factor in at once', async () => {
    const packer = staffMember('packer', { name: 'Ravi' });
    fakeApi({
      'POST /api/admin/sign-in': { body: { status: 'signed-in', ...signedInAs(packer) } },
      'GET /api/admin/me': { body: signedInAs(packer) },
    });
    renderAdmin('/sign-in');
    type('Email', packer.email);
    type('Password', 'packer password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi' })).toBeTruthy();
  });
});
