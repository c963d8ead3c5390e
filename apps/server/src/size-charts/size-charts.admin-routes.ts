// The back office's size-chart endpoints. Thin: each calls the size-charts service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as charts from './size-charts.service.js';

export function sizeChartsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listSizeCharts: { handler: () => charts.listCharts(db) },
        createSizeChart: {
          handler: async (call) => ({
            size_chart: await charts.createChart(db, actorOf(call), call.body),
          }),
        },
        updateSizeChart: {
          handler: async (call) => ({
            size_chart: await charts.updateChart(db, actorOf(call), call.params.id, call.body),
          }),
        },
        setCategorySizeChart: {
          handler: async (call) => ({
            category: await charts.setCategoryChart(
              db,
              actorOf(call),
              call.params.id,
              call.body.size_chart_id,
            ),
          }),
        },
      },
    );
  };
}
