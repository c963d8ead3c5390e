// Wholesaler Registration: the form's rules in the spec's words, a bad then a good GSTIN,
// and the status message (code 100) once the application is in.
import { expect, expectAccessible, open, test } from './fixtures';
import { logInWithForm, registerAccount } from './journeys';

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
