// The storefront's pages: every address that is not an API call nor a file is a page, served
// as the HTML document filled in for it (page-document.ts). The web app's server bundle loads
// the page (page-renderer.ts: its routes' loaders call the API in-process, through sendFor
// below) and says its head, status, routes and cache policy; then renders its markup. Pages
// the same for every visitor are cached with their compressed bodies (page-cache.ts), so
// that shared links preview well and the first paint waits neither for the page's JavaScript
// nor for a second round trip.
import type { LoadedPage, PageCallRequest, PageCallResponse, PageHead } from '@kitroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopperSessions } from './auth.js';
import { renderPage, scriptJson, type PageTemplate, type RouteChunks } from './page-document.js';
import {
  compress,
  PageCache,
  pageKey,
  preferredEncoding,
  SINGLE_VIEW_ENCODINGS,
} from './page-cache.js';
import { loadPageRenderer, type PageRenderer } from './page-renderer.js';

function decodePath(rawUrl: string): string | undefined {
  const pathname = rawUrl.split('?')[0] ?? '/';
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
  } catch {
    return undefined;
  }
}

export interface PagesOptions {
  publicUrl: string;
  document: { template: PageTemplate; routeChunks: RouteChunks };
  /** The web app's server bundle. */
  serverEntry: string;
  /** The shopper's sessions: a page is loaded with its visitor's session handle. */
  sessions: ShopperSessions;
}

/** A page's head when it could not be loaded on the server: the shop's own, and the browser loads it. */
const SHELL_HEAD: PageHead = { status: 200 };

/** A request the page makes of the API marks itself so: it is the page's, not a shopper's call. */
export const PAGE_CALL_HEADER = 'x-kitroom-page';

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { publicUrl, sessions } = options;
  const { template, routeChunks } = options.document;
  const renderer: PageRenderer | undefined = await loadPageRenderer(options.serverEntry, {
    origin: publicUrl,
    log: app.log,
  });
  const pages = new PageCache();

  /**
   * Sends the page's storefront calls through the API in-process (Fastify's inject): the same
   * routes, validation and caches as the browser's calls, under the page request's id. Only
   * the visitor's own calls (their session check) carry their cookie. A HEAD request's calls
   * are marked: it is no view.
   */
  function sendFor(request: FastifyRequest, isGet: boolean) {
    return async (call: PageCallRequest): Promise<PageCallResponse> => {
      const cookie = call.visitor ? request.headers.cookie : undefined;
      const response = await app.inject({
        method: call.method,
        url: `/api/${call.path}`,
        remoteAddress: request.ip,
        headers: {
          [PAGE_CALL_HEADER]: isGet ? 'view' : 'head',
          // Its log lines carry the page request's id.
          'x-request-id': request.id,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        ...(call.body === undefined ? {} : { payload: call.body }),
      });
      return { status: response.statusCode, body: response.payload };
    };
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = decodePath(request.url);
    // API calls and missing files keep their JSON 404; everything else is a page.
    if (
      pathname === undefined ||
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pathname.startsWith('/assets/') ||
      pathname.startsWith('/images/')
    ) {
      return reply.callNotFound();
    }
    const isGet = request.method === 'GET';
    // Without the cookie plugin (a storefront served alone) there are no sessions.
    const cookie = request.cookies?.[sessions.cookie];
    const page: LoadedPage | undefined = await renderer?.load({
      url: request.url,
      send: sendFor(request, isGet),
      ...(cookie ? { session: sessions.handleOf(cookie) } : {}),
    });
    // An address no route serves (or, unloaded, any) that looks like a file is a missing
    // file, not a page.
    if ((!page || page.routes.at(-1) === 'notFound') && /\/[^/]*\.[a-z0-9]{1,8}$/i.test(pathname)) {
      return reply.callNotFound();
    }
    const head = page?.head ?? SHELL_HEAD;
    const routes = page?.routes ?? [];
    reply.status(head.status).type('text/html; charset=utf-8');
    const dataJson = page ? scriptJson(page.responses) : undefined;
    const make = async () => {
      // HEAD asks for the headers only: nothing to render.
      const app = page && isGet ? await renderer?.render(page) : undefined;
      const html = renderPage(template, routeChunks, head, routes, publicUrl, pathname, {
        app,
        dataJson,
      });
      // A page whose render failed is made again next time.
      return { page: { status: head.status, html }, cache: app !== undefined };
    };

    // Not cached: HEAD (headers only), a page not loaded (the shell), a visitor's own page
    // (their session check inlined: theirs alone, private), and one whose responses differ on
    // every view.
    if (!isGet || !page || page.cache !== 'shared') {
      const made = await make();
      reply.header('cache-control', page?.cache === 'private' ? 'private, no-cache' : 'no-cache');
      const encoding = isGet
        ? preferredEncoding(request.headers['accept-encoding'], SINGLE_VIEW_ENCODINGS)
        : undefined;
      if (!encoding) return reply.send(made.page.html);
      return reply
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .send(await compress(made.page.html, encoding));
    }
    const key = pageKey(page.url, JSON.stringify([head, routes]), dataJson ?? '');
    const cached = await pages.get(key, make);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(cached.html);
    return reply.header('content-encoding', encoding).send(await cached.encoded(encoding));
  }

  app.get('/', servePage);
  app.get('/*', servePage);
}
