// Cart reminders, end to end (issue 41 item 3; decision 065): the owner turns them on with a
// coupon, a shopper finds the choice in My Account, agrees at checkout and leaves; the sweep
// writes the reminder and the mail arrives with the cart, the coupon, a button back to the
// cart and an unsubscribe link; the button opens the cart, the link unsubscribes without a
// login, and the dashboard counts the reminder. On a shop of its own, whose shortest wait is
// a minute and whose sweep runs every two seconds.
import {
  CART_REMINDER_CONSENT,
  CART_REMINDERS_STOPPED,
  type ShopListingResponse,
} from '@kitroom/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, testOnOwnShop, waitForHydration } from './fixtures';
import { ownerSetsUp } from './journeys';
import { latestMail, type CaughtMail } from './mailbox';
import { signUp } from './shopper';

const it = testOnOwnShop('cart-reminders', {
  RECOVERY_MIN_WAIT_MINUTES: '1',
  RECOVERY_SWEEP_SECONDS: '2',
});

/** The page (or one section of it) at 1440 and 375 px wide. */
async function photograph(
  page: Page,
  path: (name: string) => string,
  name: string,
  part?: Locator,
) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (part) await part.screenshot({ path: path(`${name}-${width}.png`) });
    else await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The reminder: written a minute after the visit, sent by the outbox worker. */
async function reminderTo(email: string, since: number): Promise<CaughtMail> {
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        mail = await latestMail(email, since).catch(() => undefined);
        return mail?.subject;
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toBe('Kitroom: your cart is waiting');
  return mail!;
}

it('a shopper agrees, leaves checkout, gets one reminder, comes back to the cart, unsubscribes', async ({
  page,
  browser,
  shop,
}, testInfo) => {
  it.setTimeout(300_000);
  const shot = (name: string) => testInfo.outputPath(name);
  const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, shop.baseUrl);

  // ── the owner turns reminders on, with a 10% coupon ──
  await ownerSetsUp(page, shop.adminSetupUrl!);
  await page.goto(`${shop.baseUrl}/admin/settings`);
  const settings = page.locator('section', {
    has: page.getByRole('heading', { name: 'Cart reminders' }),
  });
  await settings.getByLabel('Send cart reminders').check();
  await settings.getByLabel('Wait before the reminder (minutes)').fill('1');
  await settings.getByLabel('Coupon in the reminder').selectOption('percent');
  await settings.getByLabel('Percentage off').fill('10');
  await page.getByRole('button', { name: 'Save cart reminders' }).click();
  await expect(
    page.getByText('Saved: cart reminders follow these settings from now on.'),
  ).toBeVisible();
  await expectAccessible(page, 'the settings with cart reminders');
  await photograph(page, shot, 'settings-cart-reminders', settings);

  // ── a shopper finds the choice in My Account, unticked ──
  const context = await browser.newContext({
    baseURL: shop.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const shopperPage = await context.newPage();
  const shopper = await signUp(shopperPage);
  await shopperPage.goto('/myAccount');
  const consent = shopperPage.getByRole('checkbox', { name: CART_REMINDER_CONSENT });
  await expect(consent).not.toBeChecked();
  await expectAccessible(shopperPage, 'My Account with cart reminders');
  await photograph(shopperPage, shot, 'my-account-cart-reminders');

  // ── reaches checkout with a jersey, agrees there, and leaves ──
  const listing = (await (
    await shopperPage.request.post('/api/shop.php', { data: { limit: '0-20' } })
  ).json()) as ShopListingResponse;
  const product = listing.products.find((p) => (p.size.M ?? 0) > 0)!;
  await shopperPage.goto(`/product/${product.id}`);
  await waitForHydration(shopperPage);
  await shopperPage
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: 'M', exact: true })
    .click();
  await shopperPage.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(shopperPage.getByText('Added to your cart.')).toBeVisible();
  await shopperPage.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = shopperPage.getByRole('dialog', { name: 'Shopping Cart' });
  await panel.getByRole('checkbox', { name: 'Select all' }).check();
  const since = Date.now();
  await panel.getByRole('button', { name: 'CheckOut' }).click();
  await expect(shopperPage).toHaveURL(/\/checkOut$/);
  await expect(shopperPage.getByRole('heading', { name: 'Checkout' }).first()).toBeVisible();
  const atCheckout = shopperPage.getByRole('checkbox', { name: CART_REMINDER_CONSENT });
  await expect(atCheckout).not.toBeChecked();
  const agreed = shopperPage.waitForResponse(
    (r) => r.url().endsWith('/api/cart_reminders.php') && r.status() === 200,
  );
  await atCheckout.check();
  await agreed;
  await expectAccessible(shopperPage, 'checkout asking for cart reminders');
  await photograph(shopperPage, shot, 'checkout-cart-reminders');
  await shopperPage.goto('/myAccount');
  await expect(consent).toBeChecked();
  await shopperPage.goto('/');

  // ── one reminder arrives ──
  const mail = await reminderTo(shopper.email, since);
  expect(mail.text).toContain(`1 × ${product.name} (size M)`);
  expect(mail.text).toMatch(/Your coupon: BACK[0-9A-F]{10}/);
  expect(mail.text).toContain('It gives: 10% off');
  const cartLink = /Back to my cart: (\S+)/.exec(mail.text)?.[1];
  const unsubscribeLink = /Unsubscribe from cart reminders: (\S+)/.exec(mail.text)?.[1];
  expect(cartLink, mail.text).toMatch(/\/cart$/);
  expect(unsubscribeLink, mail.text).toMatch(/\/unsubscribe\/[\w-]+$/);

  // ── the button brings them back to their cart ──
  await shopperPage.goto(local(cartLink!));
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: `One more ${product.name}` })).toBeVisible();
  await panel.getByRole('button', { name: /close/i }).first().click();

  // ── the link unsubscribes, without a login ──
  const stranger = await browser.newContext({ baseURL: shop.baseUrl });
  const link = await stranger.newPage();
  await link.goto(local(unsubscribeLink!));
  await expect(link.getByRole('status')).toHaveText(CART_REMINDERS_STOPPED);
  await expectAccessible(link, 'the unsubscribe page');
  await photograph(link, shot, 'unsubscribe');
  await stranger.close();
  await shopperPage.goto('/myAccount');
  await expect(
    shopperPage.getByRole('checkbox', { name: CART_REMINDER_CONSENT }),
  ).not.toBeChecked();
  await context.close();

  // ── the dashboard counts it ──
  await page.goto(`${shop.baseUrl}/admin`);
  const report = page.locator('section', {
    has: page.getByRole('heading', { name: 'Cart reminders' }),
  });
  await expect(report.getByText('Reminders sent').locator('..')).toContainText('1');
  await photograph(page, shot, 'dashboard-cart-reminders', report);
});
