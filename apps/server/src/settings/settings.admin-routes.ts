// The back office's Settings: the owner reads and changes the shop's details, and sets the
// certificate that signs invoices and credit notes. Thin: the services audit every change.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as settings from './settings.service.js';
import * as certificate from './signing-certificate.service.js';

export function settingsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const key = config.documentSigningKey;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        getSettings: { handler: async () => ({ settings: await settings.getSettings(db) }) },
        updateSettings: {
          handler: async (call) => ({
            settings: await settings.updateSettings(db, actorOf(call), call.body),
          }),
        },
        getSigningCertificate: {
          handler: () => certificate.signingCertificateStatus(db, key),
        },
        uploadSigningCertificate: {
          handler: (call) =>
            certificate.uploadSigningCertificate(db, key, actorOf(call), call.body),
        },
        removeSigningCertificate: {
          handler: (call) => certificate.removeSigningCertificate(db, key, actorOf(call)),
        },
      },
    );
  };
}
