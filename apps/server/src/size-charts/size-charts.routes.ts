// size_chart.php: the product's size chart, asked for when the shopper opens its dialog.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { chartOfProduct } from './size-charts.service.js';

export function sizeChartRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerStorefrontRoutes(app, {
      'size_chart.php': async ({ body }) => ({
        size_chart: await chartOfProduct(db, body.product_id),
      }),
    });
  };
}
