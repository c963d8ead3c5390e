// The catalogue's CSV endpoints: the export streamed as a file, and the import, which takes
// the file as a text/csv body (this route only) and returns NDJSON progress lines, then the
// result. Thin: the service reads, checks, compares and writes.
import { PassThrough, Readable } from 'node:stream';
import type { CatalogueImportLine } from '@kitroom/contract/admin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { requestActor as actorOf, registerAdminRoutes } from '../staff/index.js';
import { AppError } from '../http/index.js';
import { exportCatalogueCsv, exportFileName, importCatalogueCsv } from './catalogue-csv.service.js';

export const CSV_ONLY = 'Send the file as text/csv.';
export const IMPORT_FAILED =
  'The import stopped unexpectedly; nothing was changed. Please try again.';

export function catalogueCsvAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;

  return async (app) => {
    // The file is read as a stream by the service: no parsing here, no body limit but its own.
    app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        exportCatalogueCsv: {
          handler: async ({ reply }) =>
            reply
              .header('content-type', 'text/csv; charset=utf-8')
              .header('content-disposition', `attachment; filename="${exportFileName()}"`)
              .send(exportCatalogueCsv(db)),
        },
        importCatalogueCsv: {
          handler: async ({ query, request, reply }) => {
            const body = request.body;
            if (!(body instanceof Readable)) {
              // An empty body has no stream either: it is an empty file.
              if (body !== undefined) throw new AppError(415, CSV_ONLY);
            }
            const file = body instanceof Readable ? body : Readable.from([]);
            const out = new PassThrough();
            const send = (line: CatalogueImportLine | { type: 'failed'; error: string }) =>
              out.write(`${JSON.stringify(line)}\n`);
            importCatalogueCsv(db, actorOf(request), file, {
              mode: query.mode,
              plan: query.plan,
              onProgress: (p) => send({ type: 'progress', ...p }),
            }).then(
              (result) => out.end(`${JSON.stringify(result)}\n`),
              (err: unknown) => {
                request.log.error({ err }, 'CSV import failed');
                out.end(`${JSON.stringify({ type: 'failed', error: IMPORT_FAILED })}\n`);
              },
            );
            return reply.header('content-type', 'application/x-ndjson; charset=utf-8').send(out);
          },
        },
      },
    );
  };
}
