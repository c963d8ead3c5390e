// Pictures arrive late on a phone network: they must not push the page around.
import { expect, test } from './fixtures';

const pages = ['/', '/allProducts'];

for (const path of [...pages, 'product']) {
  test(`no layout shift while ${path} loads`, async ({ page, catalogue }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Pictures come slowly, after the page has painted.
    await page.route('**/images/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto(path === 'product' ? `/product/${catalogue.inStock.product.id}` : path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.05);
  });
}
