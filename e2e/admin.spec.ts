// The back office, as its first people use it: the owner opens the link the server printed,
// sets a password and enrols an authenticator (the code computed here from the key the page
// shows), keeps the recovery codes, invites a packer; the packer sets up without two-factor on
// another browser, signs in, and finds Staff closed to their role; the owner signs in again
// with a code. axe checks every page on the way.
import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const setupUrl = process.env.E2E_ADMIN_SETUP_URL;

/** The code an authenticator shows `ahead` seconds from now. */
const totp = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead });

const navLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents();

test.skip(!setupUrl, 'needs the journey server started by global-setup (its first-owner link)');

test('the first owner sets up the back office, invites a packer, who may not manage staff', async ({
  page,
  browser,
  baseURL,
}) => {
  // The longest back-office journey (setup, every page through axe, an invitation, a second
  // staff member): 40 s alone here, past the default 60 s when the suite runs two at once.
  test.setTimeout(180_000);
  // ── the owner's setup link ──
  await page.goto(setupUrl!);
  await expect(page.getByRole('heading', { name: 'Set up the back office' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page, 'the setup page');
  const secret = (await page.getByLabel('Key to type in').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Your name').fill('Fathima');
  await page.getByLabel('Email').fill('owner@kitroom.in');
  await page.getByLabel('Password', { exact: true }).fill('a long owner password');
  await page.getByLabel('Password again').fill('a long owner password');
  await page.getByLabel('6-digit code').fill(await totp(secret));
  await page.getByRole('button', { name: 'Save and sign in' }).click();

  const codesHeading = page.getByRole('heading', { name: 'Save your recovery codes' });
  await expect(codesHeading).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expectAccessible(page, 'the recovery codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // ── the dashboard and staff ──
  await expect(page.getByRole('heading', { name: 'Welcome, Fathima' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/admin');
  expect(await navLinks(page)).toEqual([
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
  await expectAccessible(page, 'the dashboard');
  for (const [path, name] of [
    ['/admin/teams', 'teams'],
    ['/admin/teams?edit=1', 'a team’s profile form'],
    ['/admin/players', 'players'],
    ['/admin/players?edit=1', 'a player’s profile form'],
    ['/admin/settings', 'settings'],
  ] as const) {
    await page.goto(`${baseURL}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectAccessible(page, name);
  }
  await page.goto(`${baseURL}/admin`);

  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill('ravi@kitroom.in');
  await invite.getByLabel('Name').fill('Ravi');
  await invite.getByLabel('Role').selectOption('packer');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const linkField = invite.getByLabel(/^Mailed to ravi@kitroom.in\. The link works once/);
  await expect(linkField).toBeVisible();
  const packerLink = await linkField.inputValue();
  expect(packerLink).toMatch(new RegExp(`^${baseURL}/admin/setup/[\\w-]{43}$`));
  await expectAccessible(page, 'the staff page');

  await page.getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('table', { name: /Audit entries/ });
  await expect(entries.getByRole('row').nth(1)).toContainText('invite');
  await expect(entries.getByRole('row').nth(1)).toContainText('ravi@kitroom.in');
  await expectAccessible(page, 'the audit log');

  // ── the packer, on another browser ──
  const packerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const packer = await packerContext.newPage();
  await packer.goto(packerLink);
  await expect(packer.getByRole('heading', { name: 'Join as packer' })).toBeVisible();
  await expect(packer.getByLabel('Email')).toHaveCount(0);
  await expect(packer.getByRole('checkbox', { name: /authenticator app/ })).not.toBeChecked();
  await packer.getByLabel('Password', { exact: true }).fill('packer password 1');
  await packer.getByLabel('Password again').fill('packer password 1');
  await packer.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(packer.getByRole('heading', { name: 'Welcome, Ravi' })).toBeVisible();

  await packer.getByRole('button', { name: 'Sign out' }).click();
  await expect(packer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(packer.getByText('You are signed out.')).toBeVisible();
  await packer.getByLabel('Email').fill('ravi@kitroom.in');
  await packer.getByLabel('Password').fill('packer password 1');
  await packer.getByRole('button', { name: 'Continue' }).click();
  await expect(packer.getByRole('heading', { name: 'Welcome, Ravi' })).toBeVisible();
  expect(await navLinks(packer)).toEqual([
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
  await packer.goto(`${baseURL}/admin/staff`);
  await expect(packer.getByText('Your role does not allow this.')).toBeVisible();
  const refused = await packer.request.get(`${baseURL}/api/admin/staff`);
  expect(refused.status()).toBe(403);
  // Settings are the owner's: a packer neither sees nor opens them.
  await packer.goto(`${baseURL}/admin/settings`);
  await expect(packer.getByText('Your role does not allow this.')).toBeVisible();
  const settings = await packer.request.get(`${baseURL}/api/admin/settings`);
  expect(settings.status()).toBe(403);
  await packer.getByRole('button', { name: 'Sign out' }).click();
  await expect(packer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await packer.goto(`${baseURL}/admin`);
  await expect(packer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await packerContext.close();

  // ── the owner again: password, then a code ──
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill('owner@kitroom.in');
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please check your email and password and try again.',
  );
  await expectAccessible(page, 'the sign-in page');
  await page.getByLabel('Password').fill('a long owner password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor code' })).toBeFocused();
  await expectAccessible(page, 'the second factor');
  // The setup used this step's code; the next step's is accepted (a phone's clock drifts).
  await page.getByLabel('Code').fill(await totp(secret, 30));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Fathima' })).toBeVisible();
});
