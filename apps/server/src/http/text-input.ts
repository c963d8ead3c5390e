// Text no call can store or compare: a null character (PostgreSQL's text cannot hold one) or a
// lone surrogate (no UTF-8 encodes it; drivers silently turn it into U+FFFD, and
// encodeURIComponent throws on it). Refused once, where a request's text is decoded — the
// JSON body (after parsing: JSON's "\u0000" and "\ud800" escapes are valid JSON), the path
// and the query string — so no route, page or query ever sees it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html.js';

export const FORBIDDEN_TEXT_MESSAGE =
  'The request contains characters that are not allowed (a null character or a broken Unicode sequence).';
export const MALFORMED_ADDRESS_MESSAGE =
  'The address of this request is not valid: a % must be followed by two hexadecimal digits.';

/** Objects and arrays inside one another that a JSON body may hold; no call needs half as many. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays are allowed.`;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read from the text before it
 * is parsed, so that nothing after (the text checks below, validation) recurses without end.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** True for a string with a null character or a lone surrogate. */
export function isForbiddenText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** True when any string or key anywhere inside `value` is forbidden text. */
export function containsForbiddenText(value: unknown): boolean {
  if (typeof value === 'string') return isForbiddenText(value);
  if (Array.isArray(value)) return value.some(containsForbiddenText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, inner]) => isForbiddenText(key) || containsForbiddenText(inner),
    );
  }
  return false;
}

const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;

/** Whether good escapes decode to bytes that are not UTF-8 ('%ED%A0%80', a surrogate's). */
function decodesToForbiddenText(encoded: string): boolean {
  try {
    return isForbiddenText(decodeURIComponent(encoded));
  } catch {
    return !MALFORMED_ESCAPE.test(encoded);
  }
}

/** What is wrong with a URL's path or query string as decoded, if anything. */
function urlProblem(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (MALFORMED_ESCAPE.test(path)) return MALFORMED_ADDRESS_MESSAGE;
  if (decodesToForbiddenText(path)) return FORBIDDEN_TEXT_MESSAGE;
  if (queryAt === -1) return undefined;
  // A stray '%' in a query ('?utm_campaign=50%off') is kept as it is, as the query parser
  // does; a null character or broken Unicode in any name or value is refused.
  const query = url.slice(queryAt + 1).replace(/\+/g, ' ');
  const forbidden = query
    .split(/[&=]/)
    .some((part) => part.includes('%') && decodesToForbiddenText(part));
  return forbidden ? FORBIDDEN_TEXT_MESSAGE : undefined;
}

/** A page a browser asked for (not a call, a file or an image): it is shown an HTML page. */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !/^\/(api|images|assets)(\/|$|\?)/.test(path) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** The page a browser user sees for an address that cannot be opened. */
function badAddressPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>This address cannot be opened | Kitroom</title></head><body style="font-family:system-ui,Arial,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>This address cannot be opened</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the Kitroom home page</a></p></body></html>`;
}

/** Responds 400: an HTML page to a browser opening a page, `{error}` to everything else. */
function refuse(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply {
  reply.status(400);
  if (wantsPage(request)) {
    return reply.type('text/html; charset=utf-8').send(badAddressPage(message));
  }
  return reply.send({ error: message });
}

/**
 * Fastify's own routing errors (a path whose escapes cannot be decoded, an over-long path
 * parameter), responded to as every other error is; pass as the `frameworkErrors` option.
 */
export function respondToRoutingError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    refuse(request, reply, urlProblem(request.url) ?? MALFORMED_ADDRESS_MESSAGE);
    return;
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ error: 'The address of this request is not valid.' });
}

/** Refuses a request whose path or query string decodes to forbidden text or not at all. */
export function registerTextChecks(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const problem = urlProblem(request.url);
    if (problem) {
      refuse(request, reply, problem);
      return;
    }
    done();
  });
}
