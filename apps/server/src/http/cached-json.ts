// JSON responses cached as bytes: serialised once, exactly as the routes' zod serializer would
// (encode with the contract's schema, then JSON.stringify), and sent as they are. Their gzip
// and brotli forms are made once too, with @fastify/compress's settings, when a client first
// asks for them; anything this cannot decide is left to @fastify/compress.
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

type CachedEncoding = 'br' | 'gzip';

/** @fastify/compress's threshold in app.ts: smaller bodies are sent uncompressed. */
const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
// @fastify/compress's defaults: brotli quality 4, zlib's default gzip level.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
// app.ts gives @fastify/compress no zstd, on any Node: it passes that token over, as here.
const PLAIN_TOKENS = new Set(['br', 'gzip', 'x-gzip', 'deflate', 'identity', '']);

export class JsonBody {
  readonly json: Buffer;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(text: string) {
    this.json = Buffer.from(text);
  }

  /** Bytes held, counting the compressed forms at their usual share of the JSON. */
  get bytes(): number {
    return Math.ceil(this.json.length * 1.3);
  }

  encoded(encoding: CachedEncoding): Buffer {
    if (encoding === 'br') return (this.br ??= zlib.brotliCompressSync(this.json, BROTLI_OPTIONS));
    return (this.gzip ??= zlib.gzipSync(this.json));
  }
}

/** The response's bytes, as the route's response serializer would write them. */
export function jsonBody<S extends z.ZodType>(schema: S, value: z.output<S>): JsonBody {
  return new JsonBody(JSON.stringify(z.encode(schema, value)));
}

/**
 * The encoding @fastify/compress would pick when it is one cached here: for a plain list of
 * encodings without weights (what browsers send), its choice is the first of br, gzip it
 * finds. Weights, wildcards, other encodings or x-no-compression: undefined (the plugin
 * decides, as for any other response).
 */
export function cachedEncoding(request: FastifyRequest): CachedEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) {
    return undefined;
  }
  let gzip = false;
  let br = false;
  for (const part of header.toLowerCase().split(',')) {
    const token = part.trim();
    if (token === 'zstd') continue;
    if (!PLAIN_TOKENS.has(token)) return undefined;
    if (token === 'br') br = true;
    if (token === 'gzip' || token === 'x-gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

/** @fastify/compress's Vary handling: add accept-encoding once. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [vary]).map(String);
  if (!values.some((v) => v.includes('accept-encoding'))) {
    reply.header('vary', values.concat('accept-encoding').join(', '));
  }
}

/** Sends a cached response without serialising or compressing it again. */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonBody,
): FastifyReply {
  reply.header('content-type', JSON_TYPE);
  const encoding = body.json.length >= COMPRESS_THRESHOLD ? cachedEncoding(request) : undefined;
  if (encoding === undefined) return reply.send(body.json);
  varyOnEncoding(reply);
  reply.header('content-encoding', encoding);
  return reply.send(body.encoded(encoding));
}

/** Sends JSON bytes made for this request as they are (no second serialisation). */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  reply.header('content-type', JSON_TYPE);
  return reply.send(bytes);
}
