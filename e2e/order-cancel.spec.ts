// A shopper cancels their own paid order before it is packed: the confirm dialog says the
// payment comes back in full, and the order page then shows Canceled, the reason and the
// sandbox's refund on its timeline — after a reload too.
import { expect, expectAccessible, test } from './fixtures';
import {
  buyNow,
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  registerAccount,
  rupees,
} from './journeys';

test('a shopper cancels a paid order and sees Canceled and the refund', async ({
  page,
  request,
  catalogue,
}) => {
  const account = await registerAccount(request, 'cancel');
  await logInWithForm(page, account);
  const { product, size } = catalogue.inStock;
  await buyNow(page, product, size);
  await fillAddress(page, KOCHI);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const orderId = await finishPayment(page, 'pay');
  const total = rupees(product.discount_price + 60);

  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /^Order placed/,
    /^Payment received/,
    /^Packed \(not yet\)/,
    /^Shipped \(not yet\)/,
    /^Delivered \(not yet\)/,
  ]);
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toContainText(
    'Your payment will be refunded in full to your original payment method within 7 days.',
  );
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await expectAccessible(page, 'the cancel dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();

  await cancel.click();
  await dialog.getByLabel('Reason (optional)').fill('Ordered the wrong size');
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(dialog).toBeHidden();

  for (const when of ['at once', 'after a reload']) {
    if (when === 'after a reload') await page.reload();
    await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible();
    await expect(timeline.getByRole('listitem')).toHaveText([
      /^Order placed/,
      /^Payment received/,
      /^Canceled.*Reason: Ordered the wrong size$/,
      new RegExp(`^Refund of ${total} started`),
      new RegExp(`^Refunded ${total}`),
    ]);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  }
  await expectAccessible(page, 'a canceled order');
});
