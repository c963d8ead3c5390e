// Ships and delivers a paid order through the real fulfilment service, on the database of a
// stopped journey shop (its DATA_DIR's PGlite): the returns journey's way to a delivered
// order without the back office's order pages, which are built apart (issue 18, item 2).
// Usage: tsx apps/server/src/test/deliver-order-cli.ts <DATA_DIR> <PUBLIC_URL> <order id>
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import * as fulfilment from '../fulfilment/fulfilment.service.js';
import { orderContexts } from '../orders/order-context.js';
import { COMMAND_LINE } from '../staff/audit.service.js';
import { TEST_SHOP_GSTIN } from './shop-gstin.js';

const [dataDir, publicUrl, orderId] = process.argv.slice(2);
if (!dataDir || !publicUrl || !/^\d+$/.test(orderId ?? '')) {
  console.error('usage: deliver-order-cli.ts <DATA_DIR> <PUBLIC_URL> <order id>');
  process.exit(2);
}
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  PAYMENT_PROVIDER: 'sandbox',
  LOG_LEVEL: 'silent',
});
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteSmall: true });
try {
  const ctx = orderContexts({ database, config })(pino({ level: 'silent' }));
  const id = Number(orderId);
  // Shipping issues the tax invoice, which needs the shop's GSTIN: a journey shop has none.
  await database.db.execute(
    sql`UPDATE shop_settings SET gstin = ${TEST_SHOP_GSTIN} WHERE id = 1 AND gstin = ''`,
  );
  await fulfilment.shipOrder(ctx, COMMAND_LINE, id, {
    courierName: 'Delhivery',
    trackingId: `DLV${id}000123`,
    trackingLink: `https://www.delhivery.com/track/package/DLV${id}000123`,
    expectedDate: null,
  });
  await fulfilment.deliverOrder(ctx, COMMAND_LINE, id);
} finally {
  await database.close();
}
