// Builds the Fastify app: plugins, error handling, auth, and every domain's routes.
// Tests call buildApp() and use inject(); main.ts only listens.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling } from './http/errors.js';
import { registerStatic } from './http/static.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { operationsRoutes } from './http/operations.routes.js';
import { searchRoutes } from './search/search.routes.js';

/** What every domain's routes are given: configuration, the open database, the mailer. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Defaults to SMTP_URL, or the outbox folder under DATA_DIR. */
  mailer?: Mailer;
}

export type App = FastifyInstance;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                'res.headers["set-cookie"]',
                '*.password',
                '*.otp',
              ],
              censor: '[redacted]',
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 512 * 1024,
    trustProxy: true,
    disableRequestLogging: false,
  }).withTypeProvider<ZodTypeProvider>();

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  app.addHook('onClose', async () => mailer.close());
  const deps: AppDeps = { config, database: options.database, mailer };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A POST without a body (shop.php's category list) is allowed: the body is then undefined.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new SyntaxError('The request body is not valid JSON.');
      Object.assign(error, { statusCode: 400 });
      done(error, undefined);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https://www.google.com', 'https://maps.google.com'],
        formAction: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie, config.sessionSecret ? { secret: config.sessionSecret } : {});
  registerAuth(app, deps.database.db);

  await app.register(operationsRoutes(deps));
  await app.register(catalogueRoutes(deps), { prefix: '/api' });
  await app.register(searchRoutes(deps), { prefix: '/api' });
  await registerStatic(app, deps);

  return app;
}
