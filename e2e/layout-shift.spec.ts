// Pictures arrive late on a phone network: they must not push the page around.
import { expect, test } from './fixtures';
import { layoutShift, watchLayoutShift } from './journeys';

const pages = ['/', '/allProducts'];

for (const path of [...pages, 'product']) {
  test(`no layout shift while ${path} loads`, async ({ page, catalogue }) => {
    await watchLayoutShift(page);
    // Pictures come slowly, after the page has painted.
    await page.route('**/images/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto(path === 'product' ? `/product/${catalogue.inStock.product.id}` : path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const cls = await layoutShift(page);
    expect(cls).toBeLessThan(0.05);
  });
}
