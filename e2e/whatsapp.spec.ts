// WhatsApp order updates (decision 066) on a shop pointed at the local Cloud API fake, which
// runs in a process of its own and reports each accepted message sent, then delivered, by
// signed webhook: on a 375 px phone a shopper ticks "Send me order updates on WhatsApp" at
// checkout and pays; the fake receives the "order confirmed" template with the order's
// number and total; the owner's order page shows the message delivered; My Account shows the
// choice and stops it. Screenshots at 375 and 1440 px go to the test's output folder.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { devices } from '@playwright/test';
import { expect, expectAccessible, testOnOwnShop } from './fixtures';
import {
  buyNow,
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  ownerSetsUp,
  registerAccount,
  rupees,
} from './journeys';
import { root } from './shop-server';

let fakeProcess: ChildProcess | undefined;
let fakeUrl = '';

/** Starts the fake and returns the shop's WHATSAPP_* environment it prints. */
async function startFake(): Promise<Record<string, string>> {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/test/whatsapp-fake-cli.ts'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  fakeProcess = child;
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the WhatsApp fake exited with ${code}`)));
  });
  const env = JSON.parse(line) as Record<string, string>;
  fakeUrl = env.WHATSAPP_API_BASE!;
  return env;
}

const it = testOnOwnShop('whatsapp', startFake);
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
it.use({ ...phone, viewport: { width: 375, height: 812 } });
it.afterAll(() => {
  fakeProcess?.kill('SIGTERM');
});

interface Received {
  to: string;
  template: string;
  body: string[];
  text: string;
}

it('a shopper opts in at checkout, gets "order confirmed" on WhatsApp, and the owner sees it delivered', async ({
  page,
  browser,
  request,
  shop,
  catalogue,
}, testInfo) => {
  it.setTimeout(240_000);
  const shots = (name: string) => testInfo.outputPath(`${name}.png`);
  await fetch(`${fakeUrl}/__control/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${shop.baseUrl}/api/whatsapp/webhook` }),
  });

  // ── the shopper ticks the box at checkout on a phone, and pays ──
  const account = await registerAccount(request, 'whatsapp');
  await logInWithForm(page, account);
  const { product, size } = catalogue.inStock;
  await buyNow(page, product, size);
  await fillAddress(page, KOCHI);
  const box = page.getByRole('checkbox', {
    name: 'Send me order updates on WhatsApp at +91 98765 43210',
  });
  await expect(box).not.toBeChecked();
  await box.check();
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('whatsapp-checkout-375') });
  await expectAccessible(page, 'checkout with the WhatsApp box');
  await page.setViewportSize({ width: 1440, height: 900 });
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('whatsapp-checkout-1440') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const orderId = await finishPayment(page, 'pay');

  // ── the fake Cloud API receives the approved template ──
  let received: Received[] = [];
  await expect
    .poll(
      async () => {
        const sent = (await (await fetch(`${fakeUrl}/__control/messages`)).json()) as {
          messages: Received[];
        };
        received = sent.messages;
        return received.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const total = rupees(product.discount_price + 60);
  expect(received[0]).toMatchObject({
    to: '919876543210',
    template: 'kitroom_order_confirmed',
  });
  expect(received[0]!.body.slice(0, 3)).toEqual(['Asha Menon', String(orderId), total]);
  expect(received[0]!.text).toContain(`We have received your payment of ${total}.`);

  // ── My Account shows the choice ──
  await page.goto('/myAccount');
  const choice = page.getByTestId('whatsapp-choice');
  await expect(choice).toContainText('On: we send updates about your orders to +91 98765 43210');
  await choice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('whatsapp-account-375') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await choice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('whatsapp-account-1440') });

  // ── the owner's order page shows the message delivered ──
  const ownerContext = await browser.newContext({
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);
  await owner.goto(`${shop.baseUrl}/admin/orders/${orderId}`);
  const panel = owner.getByRole('region', { name: 'WhatsApp updates' });
  await expect(panel.getByTestId('whatsapp-message')).toContainText(
    /Order confirmedDelivered .*To \+91 98765 43210/,
    { timeout: 30_000 },
  );
  await panel.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: shots('whatsapp-admin-1440') });
  await expectAccessible(owner, 'order page with WhatsApp updates');
  await owner.setViewportSize({ width: 375, height: 812 });
  await panel.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: shots('whatsapp-admin-375') });
  await owner.goto(`${shop.baseUrl}/admin/status`);
  const status = owner.getByRole('region', { name: 'WhatsApp order updates' });
  await expect(status).toContainText('On0 not delivered in the last day.');
  await owner.screenshot({ path: shots('whatsapp-status-375'), fullPage: true });
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.screenshot({ path: shots('whatsapp-status-1440'), fullPage: true });
  await ownerContext.close();

  // ── the shopper stops the updates ──
  await page.getByRole('button', { name: 'Stop WhatsApp updates' }).click();
  await expect(choice).toContainText('Off.');
});
