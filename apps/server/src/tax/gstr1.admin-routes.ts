// The back office's tax reports: a month's summary, and its GSTR-1 sections as CSV files or
// all of them in a ZIP. Thin: the service reads the documents and writes the files.
import { b2bSalesFileName, gstr1FileName } from '@kitroom/contract/admin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import { b2bSalesCsv } from './b2b-sales.service.js';
import { gstr1Csv, gstr1Zip, taxSummary } from './gstr1.service.js';

export function gstr1AdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        taxSummary: { handler: ({ query }) => taxSummary(db, query.month) },
        exportGstr1: {
          handler: async (call) =>
            call.reply
              .header('content-type', 'text/csv; charset=utf-8')
              .header(
                'content-disposition',
                `attachment; filename="${gstr1FileName(call.query.month, call.query.section)}"`,
              )
              .send(await gstr1Csv(db, actorOf(call), call.query.month, call.query.section)),
        },
        exportB2bSales: {
          handler: async (call) =>
            call.reply
              .header('content-type', 'text/csv; charset=utf-8')
              .header(
                'content-disposition',
                `attachment; filename="${b2bSalesFileName(call.query.month)}"`,
              )
              .send(await b2bSalesCsv(db, actorOf(call), call.query.month)),
        },
        exportGstr1Zip: {
          handler: async (call) =>
            call.reply
              .header('content-type', 'application/zip')
              .header(
                'content-disposition',
                `attachment; filename="${gstr1FileName(call.query.month)}"`,
              )
              .send(Buffer.from(await gstr1Zip(db, actorOf(call), call.query.month))),
        },
      },
    );
  };
}
