// Accounts: registration by emailed code with the details form, the OTP screen's rules,
// login errors and success, forgot password, the guest cart kept through a login, logout,
// and the access guard's redirect to /login?redirect=<page>.
import { expect, expectAccessible, open, test } from './fixtures';
import { buyNow, logInWithForm, newEmail, PASSWORD, registerAccount } from './journeys';
import { otpFor } from './mailbox';

test('a new shopper registers by emailed code and lands where they were going', async ({
  page,
}) => {
  // A protected page sends a visitor to the login page, keeping the way back.
  await open(page, '/myAccount/orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2FmyAccount%2Forders$/);
  await expectAccessible(page, 'login');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2FmyAccount%2Forders$/);
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('please write email.');

  const email = newEmail('register');
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expect(page.getByText(`An OTP has been sent to ${email}.`)).toBeVisible();
  await expectAccessible(page, 'OTP');

  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Change Email' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in 0:[0-5]\d/)).toBeVisible();

  const code = await otpFor(email, since);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('OTP').fill(wrong.slice(0, 5));
  await expect(verify).toBeDisabled();
  await page.getByLabel('OTP').fill(wrong);
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid OTP, please try again.');

  await page.getByLabel('OTP').fill(code);
  await verify.click();
  await expect(page.getByRole('heading', { name: 'Register Your Details' })).toBeVisible();
  await expectAccessible(page, 'register details');

  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill all details');
  await page.getByLabel('Name').fill('Asha Menon');
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Mobile Number').fill('98765');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid 10-digit mobile number.');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/myAccount\/orders$/);
  await expect(page.getByText("Currently you don't have any order.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' })).toBeVisible();
  const userData = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}'));
  expect(userData).toMatchObject({ email, user_code: expect.any(Number) });
  expect(typeof userData.session_id).toBe('string');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'access')?.httpOnly).toBe(true);

  // A logged-in shopper is sent home from /login and /register.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
});

test('the OTP countdown enables Resend OTP and Change Email at 0', async ({ page }) => {
  await page.clock.install();
  await open(page, '/register');
  const email = newEmail('countdown');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expect(page.getByText('You can ask for a new code in 1:00')).toBeHidden();
  await page.clock.fastForward(30_000);
  await expect(page.getByText(/You can ask for a new code in 0:(29|30|31)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Change Email' })).toBeEnabled();

  // The shop's clock ran ahead; the server's did not, so it refuses a new code this soon.
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please try again.');

  // Change Email returns to the login view (spec section 4).
  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  const other = newEmail('changed');
  const since = Date.now();
  await page.getByLabel('Email').fill(other);
  await page.getByRole('button', { name: 'forgot password?' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(other);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText(`Sent to ${other}`, { exact: true })).toBeVisible();
  expect(await otpFor(other, since)).toMatch(/^\d{6}$/);
});

test('login needs both fields, refuses a wrong password and keeps the guest cart', async ({
  page,
  request,
  catalogue,
}) => {
  const account = await registerAccount(request, 'login');
  const { product, size } = catalogue.inStock;

  // A visitor's cart line survives the login: it is merged into the server cart.
  await open(page, `/product/${product.id}`);
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible({ timeout: 5000 });

  await open(page, '/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Both fields are required.');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please check your email or password and try again.',
  );
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await expect
    .poll(async () => {
      const res = await page.request.post('/api/cart.php', { data: { user_id: account.userId } });
      return ((await res.json()) as { cart_items: { id: number }[] }).cart_items.map((i) => i.id);
    })
    .toEqual([product.id]);

  // Logout ends the session and forgets the user and the local cart.
  await page.goto('/myAccount');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  const check = await page.request.post('/api/profile.php', { data: { id: account.userId } });
  expect(check.status()).toBe(401);

  await page.goto('/myAccount');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
});

test('forgot password logs an existing shopper in with an emailed code and a new password', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'forgot');
  await open(page, '/login?redirect=%2FmyAccount');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP').fill(await otpFor(account.email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('a-new-password');
  await page.getByLabel('Confirm New Password').fill('a-new-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  const notice = page.getByRole('alertdialog', { name: 'Password changed' });
  await expect(notice).toContainText('You have been logged out everywhere else.');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.locator('dl')).toContainText(account.email);

  // The new password logs in; the old one no longer does.
  const login = (password: string) =>
    request.post('/api/login_verification.php', { data: { email: account.email, password } });
  expect((await login('a-new-password')).status()).toBe(200);
  expect((await login(account.password)).status()).toBe(401);
});

test('protected pages send a visitor to the login page with the way back', async ({
  page,
  request,
  catalogue,
}) => {
  for (const path of ['/checkOut', '/reviewOrdersDetails/1', '/myAccount/WholesaleRegistration']) {
    await open(page, path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
  }

  // A session that ended on the server is noticed by the guard: logged out, sent home.
  const account = await registerAccount(request, 'stale');
  await logInWithForm(page, account);
  await buyNow(page, catalogue.inStock.product, catalogue.inStock.size);
  await page.context().clearCookies();
  await page.goto('/myAccount/orders');
  await expect(page).toHaveURL(/:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
});

test('Change Password in the account area logs every other device out', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerAccount(request, 'change');
  // The shopper is also logged in on another device.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await logInWithForm(laptopPage, account, '/login');

  await logInWithForm(page, account);
  await open(page, '/myAccount');
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('changed-password');
  await page.getByLabel('Confirm New Password').fill('changed-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not correct.');

  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('changed-password');
  await page.getByLabel('Confirm New Password').fill('changed-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. You have been logged out everywhere else.',
  );
  await expectAccessible(page, 'change password');

  // This browser stays in; the laptop's next protected page finds its session gone.
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await laptopPage.goto('/myAccount/orders');
  await expect(laptopPage).toHaveURL(/:\d+\/$/);
  await laptop.close();
});
