// Security headers and the request id, set by one synchronous hook per request.
// @fastify/helmet runs helmet's middleware per request, which builds (and re-parses the
// Content-Security-Policy of) its whole configuration every time: a sixth of the CPU of a
// cached response. The headers depend on the configuration only, so they are worked out once,
// by asking @fastify/helmet itself on a private instance, and then copied onto every reply.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

async function probeHeaders(helmet: FastifyHelmetOptions | undefined) {
  const probe = Fastify({ logger: false });
  if (helmet) await probe.register(fastifyHelmet, helmet);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return res.headers;
}

/** The headers @fastify/helmet adds to a response with these options. */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const [plain, secured] = await Promise.all([probeHeaders(undefined), probeHeaders(options)]);
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (name in plain || value === undefined) continue;
    added[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return added;
}

/**
 * Sets helmet's headers (for these options) and `x-request-id` on every response, errors and
 * unknown paths included.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
