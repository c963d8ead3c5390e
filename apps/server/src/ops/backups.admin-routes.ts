// The back office's backups (owner only): the list, "Back up now", a download. Thin: the
// backups service takes and audits them.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import { backupDownload, backupsOverview, backUpNow } from './backups.service.js';

export function backupsAdminRoutes({ config, database, statfs }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    registerAdminRoutes(
      app,
      { db: database.db, publicUrl: config.publicUrl },
      {
        listBackups: { handler: async () => backupsOverview(config) },
        createBackup: {
          handler: (call) => backUpNow(database, config, actorOf(call), statfs),
        },
        downloadBackup: {
          handler: async (call) => {
            const file = await backupDownload(database, config, actorOf(call), call.params.name);
            return call.reply
              .header('content-type', 'application/zip')
              .header('content-length', String(file.sizeBytes))
              .header('content-disposition', `attachment; filename="${file.name}"`)
              .send(file.stream);
          },
        },
      },
    );
  };
}
