// Wholesaler Registration: the form's rules in the spec's words, a bad then a good GSTIN,
// and the status message (code 100) once the application is in. Then, on a shop of its own:
// the owner makes a price list and approves the shop, which sees its wholesale price on the
// product page and the listing's cards (a guest does not) and buys 12 pieces at it; staff find
// the order under the Wholesale filter and ship it, and the shop downloads its B2B invoice
// (billed to the shop with its GSTIN, CGST + SGST within Kerala). Pages are photographed at
// 1440 and 375 px into the test's output folder.
import { execFileSync } from 'node:child_process';
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, open, test, testOnOwnShop, waitForHydration } from './fixtures';
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

test('a shopper applies as a wholesaler with a valid GSTIN', async ({ page, request }) => {
  const account = await registerAccount(request, 'wholesale');
  await logInWithForm(page, account);
  await open(page, '/myAccount/WholesaleRegistration');
  await expect(page.getByRole('heading', { name: 'Wholesale Registration' })).toBeVisible();
  await expectAccessible(page, 'wholesale form');

  const submit = page.getByRole('button', { name: 'Submit Application' });
  await submit.click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();

  await page.getByLabel('Your Name').fill('Rahul Nair');
  await page.getByLabel('Mobile Number').fill('5876543210');
  await page.getByLabel('Shop Name').fill('Malabar Sports');
  await page.getByLabel('Shop Location').fill('Kozhikode, Kerala');
  await page.getByLabel('GST Number (optional)').fill('27AAPFU0939F1ZX');
  await submit.click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
  await expect(page.getByText('Please enter a valid GST number.')).toBeVisible();
  await expectAccessible(page, 'wholesale form with errors');

  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('GST Number (optional)').fill('27aapfu0939f1zv');
  await page.getByLabel('About Your Shop (optional)').fill('Jerseys for schools and clubs.');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'under review' })).toHaveText(
    'Your wholesale application has been received and is under review. We will contact you soon.',
  );

  // The status stays: a later visit shows the message, not the form.
  await page.reload();
  await expect(page.getByText(/is under review/)).toBeVisible();
  await expect(submit).toBeHidden();
});

// ── approval and wholesale prices, on a shop of its own (the shared journey server's
// first-owner link belongs to admin.spec.ts) ──

const shopTest = testOnOwnShop('wholesale');

shopTest(
  'staff approve a shop onto a price list, and it buys 12 pieces at its wholesale price',
  async ({ page, browser, request, shop }, testInfo) => {
    shopTest.setTimeout(300_000);
    const account = await registerAccount(request, 'wholesale-approved');
    await logInWithForm(page, account);
    await open(page, '/myAccount/WholesaleRegistration');
    await page.getByLabel('Your Name').fill('Shameer P');
    await page.getByLabel('Mobile Number').fill('9847012345');
    await page.getByLabel('Shop Name').fill('Malabar Sports');
    await page.getByLabel('Shop Location').fill('Mavoor Road, Kozhikode, Kerala');
    await page.getByLabel('GST Number (optional)').fill('32AABCK1234F1Z8');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText(/is under review/)).toBeVisible();

    // ── the owner sets up the back office, makes a price list and approves the shop ──
    const ownerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const owner = await ownerContext.newPage();
    await ownerSetsUp(owner, shop.adminSetupUrl!);

    await owner.goto('/admin/wholesale/price-lists');
    await owner.getByRole('button', { name: 'New price list' }).click();
    const form = owner.getByRole('form', { name: 'New price list' });
    await form.getByLabel('Name').fill('Club shops');
    await form.getByRole('button', { name: 'Save price list' }).click();
    const list = owner.getByRole('listitem', { name: 'Club shops' });
    await expect(list).toContainText('10+ pieces −25%, 50+ pieces −35%');
    await expectAccessible(owner, 'the price lists');
    await owner.screenshot({ path: testInfo.outputPath('price-lists-1440.png'), fullPage: true });

    await owner.goto('/admin/wholesale');
    const card = owner.getByRole('listitem', { name: 'Malabar Sports' });
    await expect(card).toContainText('Valid, Kerala');
    await owner.screenshot({ path: testInfo.outputPath('wholesale-1440.png'), fullPage: true });
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Approve Malabar Sports?' });
    await expect(dialog.getByLabel('Price list')).toHaveValue(/\d+/);
    // A registered shop is approved with its business as the GST portal shows it (issue 36.29).
    await expect(dialog.getByLabel('State')).toHaveValue('Kerala');
    await dialog.getByLabel('Legal name').fill('Malabar Sports LLP');
    await dialog.getByLabel('Street address').fill('14 Mavoor Road');
    await dialog.getByLabel('City').fill('Kozhikode');
    await dialog.getByLabel('Pincode').fill('673004');
    await expectAccessible(owner, 'the approve dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toContainText('Approved');
    await expect(card).toContainText('Club shops');
    await expect(card).toContainText(
      'Malabar Sports LLP, 14 Mavoor Road, Kozhikode, Kerala 673004',
    );
    await owner.setViewportSize({ width: 375, height: 800 });
    await owner.screenshot({ path: testInfo.outputPath('wholesale-375.png'), fullPage: true });
    await owner.setViewportSize({ width: 1440, height: 900 });

    // ── the shop sees its status and its prices, and buys 12 pieces ──
    await open(page, '/myAccount/WholesaleRegistration');
    await expect(page.getByText(/has been approved/)).toBeVisible();
    const listing = (await (
      await request.post('/api/shop.php', { data: { limit: '0-50' } })
    ).json()) as ShopListingResponse;
    const product = listing.products.find((p) => Object.values(p.size).some((s) => s >= 12))!;
    const size = Object.entries(product.size).find(([, stock]) => stock >= 12)![0];
    // Whole rupees: what comes off is rounded up to the rupee, as a coupon rounds (issue 36.25).
    const wholesale = Math.floor((product.discount_price * 75) / 100);

    // The listing's cards show it too, asked for the page's cards in one call.
    await open(page, '/allProducts');
    await expect(page.getByText(/^Wholesale price ₹/).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('listing-1440.png') });

    await open(page, `/product/${product.id}`);
    await expect(page.getByTestId('wholesale-price')).toContainText('Wholesale price');
    await expect(page.getByTestId('wholesale-price')).toContainText(
      'Add 9 more pieces for 25% off.',
    );
    await page.screenshot({ path: testInfo.outputPath('product-1440.png') });

    // A guest in another browser sees the same page at retail, without a wholesale price.
    const guest = await browser.newPage();
    await guest.goto(`${shop.baseUrl}/product/${product.id}`);
    await expect(guest.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
    await waitForHydration(guest);
    await expect(guest.getByText(rupees(product.discount_price)).first()).toBeVisible();
    await expect(guest.getByTestId('wholesale-price')).toHaveCount(0);
    await guest.close();

    await buyNow(page, product, size, 12);
    await expect(page.getByTestId('wholesale-summary')).toContainText(
      'Tier 10+ pieces: 25% off. Add 38 more pieces for 35% off.',
    );
    await fillAddress(page, KOCHI);
    const total = Math.round(wholesale * 12 * 100 + 6000) / 100;
    await expect(page.getByTestId('order-total')).toContainText(
      rupees(Math.floor(total)).replace('₹', ''),
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('checkout-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await finishPayment(page, 'pay');
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();

    // ── staff find it under Wholesale and ship it; the shop downloads its B2B invoice ──
    await owner.goto('/admin/settings');
    await owner.getByLabel('GSTIN').fill('32AAPFU0939F1Z4');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByText('Saved: the storefront and new mails show')).toBeVisible();
    await owner.goto('/admin/orders');
    await owner.getByLabel('Buyers').selectOption('1');
    await expect(owner).toHaveURL(/wholesale=1/);
    const row = owner.getByRole('row').filter({ hasText: 'Wholesale' }).first();
    await expect(row).toBeVisible();
    await owner.screenshot({ path: testInfo.outputPath('orders-wholesale-1440.png') });
    await row.getByRole('link', { name: /^#\d+$/ }).click();
    await expect(owner.getByRole('region', { name: 'Wholesale buyer' })).toContainText(
      '32AABCK1234F1Z8',
    );
    await owner.getByRole('button', { name: 'Ship' }).click();
    const ship = owner.getByRole('dialog', { name: /^Ship order #/ });
    await ship.getByLabel('Courier').fill('Blue Dart');
    await ship.getByLabel('Tracking id').fill('BD77712345IN');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship).toHaveCount(0);
    await expect(owner.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    await owner.screenshot({
      path: testInfo.outputPath('order-wholesale-1440.png'),
      fullPage: true,
    });
    await ownerContext.close();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download invoice' }).click();
    const file = await download;
    const pdf = testInfo.outputPath('b2b-invoice.pdf');
    await file.saveAs(pdf);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('BILL TO');
    expect(text).toContain('Malabar Sports LLP');
    expect(text).toContain('14 Mavoor Road');
    expect(text).toContain('GSTIN: 32AABCK1234F1Z8');
    expect(text).toContain('SHIP TO');
    expect(text).toContain('Intra-state supply: CGST + SGST');
    expect(text).not.toContain('IGST');
  },
);
