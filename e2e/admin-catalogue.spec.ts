// The owner adds a jersey in the back office and a shopper sees it: on a shop of its own (the
// first-owner link of the shared journey server belongs to admin.spec.ts), the owner sets up,
// creates a draft with sizes and starting stock, uploads a real picture (drawn on a
// canvas), puts it on sale, corrects a count, and a shopper opens its page on the storefront.
// axe checks the products pages on the way.
import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { expect, expectAccessible, testOnOwnShop } from './fixtures';
import { ownerSetsUp } from './journeys';

const it = testOnOwnShop('catalogue');

// The second journey signs in as the owner the first one set up.
it.describe.configure({ mode: 'serial' });
let ownerSecret = '';
let kochiId = 0;

it('the owner adds a jersey with a picture, and a shopper sees it on its page', async ({
  page,
  browser,
  shop,
}) => {
  it.setTimeout(180_000);
  expect(shop.adminSetupUrl, 'the new shop printed its first-owner link').toBeTruthy();

  // ── the owner sets up ──
  ownerSecret = await ownerSetsUp(page, shop.adminSetupUrl!);

  // ── the products list ──
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'the products list');

  // ── a new draft ──
  await page.getByRole('link', { name: 'New product' }).click();
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(form.getByText('name is required')).toBeVisible();
  await form.getByLabel('Name').fill('Kochi Harbour Retro Jersey');
  await form.getByLabel('MRP (₹)').fill('3,499');
  await form.getByLabel('Selling price (₹)').fill('2,799');
  await expect(form.getByText(/sits where 5% and 18% GST disagree/)).toBeVisible();
  await form.getByLabel('Selling price (₹)').fill('2,499');
  await expect(form.getByText(/sits where 5% and 18% GST disagree/)).toHaveCount(0);
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Club Jerseys' });
  await form.getByLabel('Tag').fill('Retro');
  await form
    .getByRole('textbox', { name: 'Details' })
    .fill('A heavy cotton retro shirt in harbour blue.');
  await form.getByLabel('Starting stock of size 1').fill('4');
  await form.getByLabel('Starting stock of size 2').fill('6');
  await expectAccessible(page, 'the new product form');
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Saved as a draft.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kochi Harbour Retro Jersey' })).toBeVisible();
  const productId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(productId).toBeGreaterThan(0);
  kochiId = productId;

  // ── its picture ──
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1e40af';
    context.fillRect(0, 0, 900, 1200);
    return canvas.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  await page
    .getByLabel('Upload the card picture')
    .setInputFiles({ name: 'kochi.png', mimeType: 'image/png', buffer: png });
  const main = page.getByRole('img', { name: 'Card picture of Kochi Harbour Retro Jersey' });
  await expect(main).toBeVisible();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);

  // ── on sale, and a count corrected ──
  const edit = page.getByRole('form', { name: 'Edit Kochi Harbour Retro Jersey' });
  await edit.getByLabel('Status', { exact: true }).selectOption('active');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  await edit.getByRole('button', { name: 'Adjust stock of M' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock of size M' });
  await dialog.getByLabel('Pieces in stock').fill('5');
  await dialog.getByLabel('Reason').selectOption('adjustment');
  await dialog.getByLabel('Note (required)').fill('one went to the photo shoot');
  await expectAccessible(page, 'the stock dialog');
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await expect(dialog).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Stock history' });
  await expect(history.getByRole('listitem').first()).toContainText('one went to the photo shoot');
  await expect(history.getByRole('listitem').first()).toContainText('Fathima');
  await expectAccessible(page, 'the product page');

  // ── a shopper, on another browser ──
  const shopperContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${shop.baseUrl}/product/${productId}`);
  await expect(
    shopper.getByRole('heading', { name: 'Kochi Harbour Retro Jersey', level: 1 }),
  ).toBeVisible();
  await expect(shopper.getByText('₹2,499').first()).toBeVisible();
  const picture = shopper.locator('main img[src*="upload-"]').first();
  await expect(picture).toBeVisible();
  await shopperContext.close();
});

it('every back-office page passes axe, and a downloaded catalogue imports back', async ({
  page,
  browser,
  shop,
}) => {
  it.setTimeout(240_000);
  expect(ownerSecret, 'the first journey set the owner up').not.toBe('');
  await page.goto(`${shop.baseUrl}/admin/sign-in`);
  await page.getByLabel('Email').fill('owner@kitroom.in');
  await page.getByLabel('Password').fill('a long owner password');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The next period's code: the first journey's code may not be used twice.
  await page
    .getByLabel('Code')
    .fill(await generate({ secret: ownerSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Fathima' })).toBeVisible();

  // ── every page of the navigation, as the owner sees it ──
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const labels = await nav.getByRole('link').allTextContents();
  expect(labels).toHaveLength(27);
  for (const label of labels) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `the ${label} page`);
  }

  // ── the catalogue out and back in: unchanged, then one product renamed ──
  await nav.getByRole('link', { name: 'Import / export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download products CSV' }).click(),
  ]);
  const exported = readFileSync(await download.path());
  expect(exported.toString('utf8')).toContain('Kochi Harbour Retro Jersey');
  const count = (label: string) =>
    page.locator('dl > div', { has: page.getByText(label, { exact: true }) }).locator('dd');

  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: exported });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('Checked: nothing has been changed yet.')).toBeVisible();
  await expect(count('New')).toHaveText('0');
  await expect(count('Updated')).toHaveText('0');
  await expect(count('Errors')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expectAccessible(page, 'a checked import');

  const edited = Buffer.from(
    exported.toString('utf8').replace('Kochi Harbour Retro Jersey', 'Kochi Harbour Retro Shirt'),
  );
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: edited });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(count('Updated')).toHaveText('1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Applied: the catalogue now matches the file.')).toBeVisible();

  const shopperContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${shop.baseUrl}/product/${kochiId}`);
  await expect(
    shopper.getByRole('heading', { name: 'Kochi Harbour Retro Shirt', level: 1 }),
  ).toBeVisible();
  await shopperContext.close();
});
