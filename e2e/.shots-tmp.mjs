// Temporary screenshot script (not committed).
import { chromium } from 'playwright-core';
import { generate } from 'otplib';
const [setupUrl, base] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
const page = await ctx.newPage();
await page.goto(setupUrl);
const secret = (await page.getByLabel('Key to type in').textContent()).replace(/\s/g, '');
await page.getByLabel('Your name').fill('Fathima');
await page.getByLabel('Email').fill('owner@kitroom.in');
await page.getByLabel('Password', { exact: true }).fill('a long owner password');
await page.getByLabel('Password again').fill('a long owner password');
await page.getByLabel('6-digit code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
await page.getByRole('button', { name: 'Save and sign in' }).click();
await page.getByRole('button', { name: 'I have saved them' }).click();
await page.waitForTimeout(500);
const shoot = async (path, name, prep) => {
  for (const [w, h] of [[1440, 900], [375, 812]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    if (prep) await prep();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/p1/shots/${name}-${w}.png`, fullPage: true });
  }
};
await shoot('/admin/products', 'products');
await shoot('/admin/products?x=1', 'products-low', async () => { await page.getByLabel('Low stock only').check(); await page.waitForTimeout(600); });
await shoot('/admin/products/1', 'product');
await shoot('/admin/products/new', 'new', async () => {
  await page.getByLabel('MRP (₹)').fill('3,499');
  await page.getByLabel('Selling price (₹)').fill('2,799');
  await page.getByRole('button', { name: 'Create product' }).click();
});
await shoot('/admin/categories', 'categories');
await page.setViewportSize({ width: 1440, height: 900 });
await page.goto(base + '/admin/products/1');
await page.getByRole('button', { name: /Adjust stock of/ }).first().click();
await page.waitForTimeout(300);
await page.screenshot({ path: `/tmp/p1/shots/dialog-1440.png` });
await browser.close();
