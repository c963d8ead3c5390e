// Back in stock, end to end (issue 21): a guest asks to be mailed about a sold-out size and
// confirms the address by the mailed link (issue 36), the owner restocks it in the back
// office, and the mail arrives with a link that opens the product with that size chosen. On a shop of its own: its first owner signs in there.
import type { ProductSummary, ShopListingResponse } from '@kitroom/contract';
import { expect, testOnOwnShop, waitForHydration } from './fixtures';
import { newEmail, ownerSetsUp } from './journeys';
import { latestMail } from './mailbox';

const it = testOnOwnShop('back-in-stock');

it('a guest signs up for a sold-out size, the owner restocks it, the mail arrives', async ({
  page,
  browser,
  shop,
}) => {
  it.setTimeout(180_000);
  const listing = (await (
    await page.request.post(`${shop.baseUrl}/api/shop.php`, { data: { limit: '0-50' } })
  ).json()) as ShopListingResponse;
  const product: ProductSummary = listing.products.find((p) => (p.size.M ?? 0) > 0)!;
  expect(product, 'a jersey with size M in stock').toBeTruthy();

  // ── the owner sells out size M ──
  await ownerSetsUp(page, shop.adminSetupUrl!);
  const setStock = async (pieces: string, reason: 'adjustment' | 'restock') => {
    await page.goto(`${shop.baseUrl}/admin/products/${product.id}`);
    await page.getByRole('button', { name: 'Adjust stock of M' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock of size M' });
    await dialog.getByLabel('Pieces in stock').fill(pieces);
    await dialog.getByLabel('Reason').selectOption(reason);
    await dialog.getByLabel(/^Note/).fill(reason === 'restock' ? 'New delivery' : 'Damaged');
    await dialog.getByRole('button', { name: 'Save stock' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await setStock('0', 'adjustment');

  // ── a guest asks to be told ──
  const guestContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const guest = await guestContext.newPage();
  const email = newEmail('restock');
  await guest.goto(`${shop.baseUrl}/product/${product.id}`);
  // Its scripts start after the page's pictures have painted (decision 081): the form's
  // buttons work once hydrated, as a shopper's tap would find them.
  await waitForHydration(guest);
  const notify = guest.getByRole('form', { name: /sold out\? We'll email you when it's back\./ });
  const sizeChoice = notify.getByLabel('Size');
  if (await sizeChoice.count()) await sizeChoice.selectOption('M');
  await notify.getByRole('button', { name: 'Notify me' }).click();
  await notify.getByLabel('Email').fill(email);
  const askedAt = Date.now();
  await notify.getByRole('button', { name: 'Notify me' }).click();
  await expect(notify.getByRole('status')).toHaveText(
    `Check your inbox to confirm: we sent a link to ${email}. Once you confirm, we'll email you when size M is back in stock.`,
  );

  // ── the guest confirms the address by the mailed link (issue 36) ──
  const confirmMail = await latestMail(email, askedAt);
  const confirmLink = /https?:\/\/\S+\/confirmNotify\/\d+\?token=[\w-]+/.exec(
    confirmMail.text,
  )?.[0];
  expect(confirmLink, confirmMail.text).toBeTruthy();
  await guest.goto(confirmLink!.replace(/^https?:\/\/[^/]+/, shop.baseUrl));
  await guest.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(guest.getByRole('status')).toBeVisible();

  // ── the owner restocks; the mail arrives ──
  const since = Date.now();
  await setStock('6', 'restock');
  const mail = await latestMail(email, since);
  expect(mail.subject).toBe(`Kitroom: ${product.name} is back in size M`);
  const link = /https?:\/\/\S+\/product\/\d+\?size=M/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // ── the link opens the product with M chosen ──
  await guest.goto(link!.replace(/^https?:\/\/[^/]+/, shop.baseUrl));
  const sizes = guest.getByRole('group', { name: 'Size', exact: true });
  await expect(sizes.getByRole('button', { name: 'M', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await guestContext.close();
});
