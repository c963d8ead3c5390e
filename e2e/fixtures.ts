// Shared fixtures: the server's address, the catalogue as the API serves it, an axe scan,
// a guard that fails a journey on any uncaught error or console error in the page (React's
// hydration errors among them), pages whose goto and reload wait for hydration, and a shop
// of a spec's own (testOnOwnShop).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { HomeResponse, ProductSummary, ShopListingResponse } from '@kitroom/contract';
import { ownShopNode, startShopServer, testTool, type ShopServer } from './shop-server';

interface Catalogue {
  home: HomeResponse;
  listing: ShopListingResponse;
  /** An in-stock product with at least one size in stock, and that size. */
  inStock: { product: ProductSummary; size: string };
}

interface Fixtures {
  catalogue: Catalogue;
  pageErrors: string[];
}

/** Console noise that is not the app's fault: the closed network blocks the map embed. */
const IGNORED = [/google\.com/i, /ERR_NAME_NOT_RESOLVED/, /ERR_INTERNET_DISCONNECTED/];

/**
 * Waits until React has hydrated every element the server rendered into #root: a server
 * rendered page shows its buttons before their handlers exist. Pages without #root (the
 * sandbox payment page, robots.txt) do not wait. What a static island holds stays the
 * browser's (apps/web/src/ui/static-island.tsx, decision 085); a deferred part hydrates when
 * it is near the screen or touched, and holds a click until then (deferred-part.tsx, 086).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return true;
    const elements = Array.from(root.querySelectorAll('*')).filter(
      (el) => !el.parentElement?.closest('[data-static-island], [data-deferred-part]'),
    );
    const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    return elements.length > 0 && elements.every(hydrated);
  });
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },

  catalogue: async ({ request }, use) => {
    const home = (await (await request.get('/api/home.php')).json()) as HomeResponse;
    const listing = (await (
      await request.post('/api/shop.php', { data: { limit: '0-50' } })
    ).json()) as ShopListingResponse;
    const product = listing.products.find((p) => Object.values(p.size).some((s) => s > 1));
    if (!product) throw new Error('the demo catalogue has no product in stock');
    const size = Object.entries(product.size).find(([, stock]) => stock > 1)![0];
    await use({ home, listing, inStock: { product, size } });
  },

  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // A 404 page or a refused call is logged by the browser itself; the journeys
        // assert those responses where they matter.
        if (text.startsWith('Failed to load resource')) return;
        if (IGNORED.some((re) => re.test(text))) return;
        errors.push(text);
      });
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the app has painted its main landmark. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main#main')).toBeVisible();
}

/** A filter checkbox's accessible name: the option, then its count ('Argentina 12'). */
export function option(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+$`);
}

/**
 * Fails the test when axe finds a serious or critical violation on the page as it is. Legacy
 * mode gathers the results in the page itself instead of a blank page opened for each scan
 * (1.9 s against 2.8 s on all products); what it gives up is looking inside cross-origin
 * frames, and the shop's only one is the contact page's map.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

/** A shop a spec starts for itself (shop-server.ts), with its own DATA_DIR. */
export interface OwnShop extends ShopServer {
  /** Stops the shop, runs `step` on its data, and starts it again at the same address. */
  whileStopped(step: () => void): Promise<void>;
}

/**
 * `test` on a shop of the spec's own, started once per worker, for journeys that need a
 * fresh database (the first owner's setup link, reports read from the stopped shop, a faster
 * sandbox courier through `env`, or what a fake the worker starts first responds). Pages,
 * `request` and `baseURL` go to it; mail reaches the journeys' SMTP server. Skipped when the
 * journeys were not started by global-setup.ts.
 */
export function testOnOwnShop(
  name: string,
  shopEnv: Record<string, string> | (() => Promise<Record<string, string>>) = {},
) {
  const onOwnShop = test.extend<object, { smtpUrl: string; shop: OwnShop }>({
    // Set by global-setup.ts before the workers start.
    smtpUrl: [process.env.E2E_SMTP_URL ?? '', { scope: 'worker', option: true }],
    shop: [
      async ({ smtpUrl }, use) => {
        if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run through playwright.config.ts');
        const workDir = mkdtempSync(path.join(os.tmpdir(), `kitroom-e2e-${name}-`));
        const dataDir = path.join(workDir, 'shop');
        mkdirSync(dataDir);
        const env = typeof shopEnv === 'function' ? await shopEnv() : shopEnv;
        let server = await startShopServer({ dataDir, smtpUrl, env, node: ownShopNode });
        const port = Number(new URL(server.baseUrl).port);
        await use({
          baseUrl: server.baseUrl,
          dataDir,
          adminSetupUrl: server.adminSetupUrl,
          stop: () => server.stop(),
          async whileStopped(step) {
            await server.stop();
            step();
            server = await startShopServer({ dataDir, smtpUrl, port, env, node: ownShopNode });
          },
        });
        await server.stop();
        // Whatever the journey did, the shop's money, stock and documents add up (the
        // order-life invariants): every captured paisa kept for goods or refunded, every
        // refund equal to its credit note, every unit in the ledger.
        const checked = testTool('check-invariants-cli', [dataDir]);
        if (checked.status !== 0) {
          throw new Error(`the ${name} shop's invariants are broken:\n${checked.stderr}`);
        }
        rmSync(workDir, { recursive: true, force: true });
      },
      { scope: 'worker', timeout: 10 * 60_000 },
    ],
    baseURL: async ({ shop }, use) => {
      await use(shop.baseUrl);
    },
  });
  onOwnShop.skip(!process.env.E2E_SMTP_URL, 'needs the journey servers started by global-setup');
  return onOwnShop;
}
