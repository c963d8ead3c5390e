// Razorpay's settlement report in the back office (decision 076): fetched for a day or month,
// or uploaded as the dashboard's CSV (multipart field `file`). Thin: the service reads and
// matches.
import { MAX_SETTLEMENT_CSV_BYTES } from '@kitroom/contract/admin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { AppError, badRequest } from '../http/index.js';
import { createPaymentProvider } from '../payments/index.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as settlements from './settlements.service.js';

export const FILE_TOO_LARGE = `file: the settlement report may be at most ${MAX_SETTLEMENT_CSV_BYTES / 1024 / 1024} MB; upload a shorter period.`;
export const FILE_MISSING = 'file: attach the settlement report (CSV) as the form field "file".';

async function uploadedCsv(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file({ limits: { fileSize: MAX_SETTLEMENT_CSV_BYTES } });
  if (!file || file.fieldname !== 'file') throw badRequest(FILE_MISSING);
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, FILE_TOO_LARGE);
    }
    throw err;
  }
}

export function settlementsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const provider = createPaymentProvider(deps.config);
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        fetchSettlementReport: {
          handler: (call) =>
            settlements.fetchReport(db, provider, actorOf(call), call.query.period),
        },
        uploadSettlementReport: {
          handler: async (call) =>
            settlements.uploadReport(
              db,
              actorOf(call),
              await uploadedCsv(call.request),
              call.params.unit,
            ),
        },
      },
    );
  };
}
