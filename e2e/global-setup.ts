// Builds the web app, the back office and the server, starts a local SMTP server (mailbox.ts)
// and the real, built server (shop-server.ts) on a free port with a temporary DATA_DIR, so it
// migrates PGlite and seeds the demo catalogue itself and sends its mail over SMTP. Tests read
// the address from E2E_BASE_URL, the caught mail from E2E_MAIL_DIR, the SMTP address (for a
// second server) from E2E_SMTP_URL, and the first owner's setup link the server printed from
// E2E_ADMIN_SETUP_URL; every shop starts from a copy of one migrated and seeded at the start
// (E2E_SHOP_TEMPLATE). The tools journeys run on a stopped shop's data are built once
// (E2E_TEST_TOOLS, shop-server.ts). With E2E_BASE_URL already set, a running server is used
// as it is (its mail must then reach E2E_SMTP_URL and E2E_MAIL_DIR by other means, and the
// back office's journey is skipped).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from './mailbox';
import { buildTestTools, root, startShopServer } from './shop-server';

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;

  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0)
      throw new Error('the build of the web app, the back office or the server failed');
  }

  // The tools the journeys run on a stopped shop's data, built once (shop-server.ts, testTool).
  const testTools = buildTestTools();
  process.env.E2E_TEST_TOOLS = testTools;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const templateDir = path.join(workDir, 'template');
  const dataDir = path.join(workDir, 'shop');
  mkdirSync(mailDir);
  mkdirSync(templateDir);
  mkdirSync(dataDir);
  const mail = await startMailCatcher(mailDir);
  let server;
  try {
    // The demo pictures from the cache the server suite keeps (apps/server/src/test/
    // demo-images.ts, drawn once per drawing): the first start then finds them on disk instead
    // of drawing 528 (about 10 s of CPU). Without them, it draws them itself.
    const pictures = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [
        '-e',
        "import('./apps/server/src/test/demo-images.ts').then((m) => m.provideDemoImages(process.argv[1]))",
        templateDir,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    if (pictures.status !== 0)
      console.log(
        `The demo pictures' cache was not used (the shop draws them):\n${pictures.stderr}`,
      );
    // The first start migrates, seeds and draws any demo picture missing; every shop after it,
    // this run's shared one included, starts from a copy of that folder.
    const first = await startShopServer({ dataDir: templateDir, smtpUrl: mail.url });
    await first.stop();
    process.env.E2E_SHOP_TEMPLATE = templateDir;
    server = await startShopServer({ dataDir, smtpUrl: mail.url });
  } catch (error) {
    await mail.close();
    rmSync(testTools, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = mail.url;
  if (server.adminSetupUrl) process.env.E2E_ADMIN_SETUP_URL = server.adminSetupUrl;

  return async () => {
    await server.stop();
    await mail.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(testTools, { recursive: true, force: true });
  };
}
