// The ceiling: a bare Fastify route answering a small JSON body, with no plugins, no
// validation and no database. Run as its own process like the shop server.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set');

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await app.listen({ host: '127.0.0.1', port });
