// Settings → Invoice signature, end to end (issue 40 item 4; decision 069): on a new shop the
// owner reads that invoices are not signed and what that risks, uploads the shop's .pfx with
// its password — a wrong password refused with the reason — and sees whose certificate now
// signs, then removes it. The section is photographed at 1440 and 375 px.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, testOnOwnShop } from './fixtures';
import { ownerSetsUp } from './journeys';
import { root } from './shop-server';

const it = testOnOwnShop('invoice-signature');

/** The section at 1440 and 375 px wide. */
async function photograph(page: Page, part: Locator, shot: (name: string) => string, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await part.screenshot({ path: shot(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

it('the owner sets the shop’s certificate, sees whose it is, and removes it', async ({
  page,
  shop,
}, testInfo) => {
  const shot = (name: string) => testInfo.outputPath(name);
  const file = testInfo.outputPath('shop.pfx');
  const made = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/test/test-certificate-cli.ts', file],
    { cwd: root, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);

  await ownerSetsUp(page, shop.adminSetupUrl!);
  await page.goto(`${shop.baseUrl}/admin/settings`);
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Invoice signature' }),
  });
  await expect(
    section.getByText('No certificate: invoices and credit notes are not signed.'),
  ).toBeVisible();
  await photograph(page, section, shot, 'signature-none');

  await section.getByLabel('Certificate file (.pfx or .p12)').setInputFiles(file);
  await section.getByLabel('Password of the file').fill('not the password');
  await section.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(
    section.getByText('password: this password does not open the certificate file.'),
  ).toBeVisible();

  await section.getByLabel('Password of the file').fill('kitroom-test-pfx');
  await section.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(
    section.getByText('Saved: documents are signed as MALABAR KITS PRIVATE LIMITED from now on.'),
  ).toBeVisible();
  await expect(section.getByText('CN=Kitroom Test CA, C=IN')).toBeVisible();
  await expectAccessible(page, 'the settings with a signing certificate');
  await photograph(page, section, shot, 'signature-set');

  await section.getByRole('button', { name: 'Remove certificate…' }).click();
  await section.getByRole('button', { name: 'Remove certificate', exact: true }).click();
  await expect(
    section.getByText('No certificate: invoices and credit notes are not signed.'),
  ).toBeVisible();
});
