// The storefront's pages: every address that is not an API call nor a file is a page, served
// as the HTML document filled in for it (page-document.ts), with its head tags and first API
// responses (page-routes.ts) and its markup rendered on the server (page-renderer.ts). Pages
// the same for every visitor are cached with their compressed bodies (page-cache.ts), so
// that shared links preview well and the first paint waits neither for the page's JavaScript
// nor for a second round trip.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../accounts/sessions.service.js';
import type { ViewCounts } from '../catalogue/view-counts.js';
import type { Queryable } from '../db/client.js';
import { renderPage, scriptJson, type PageHead, type RouteChunks } from './page-document.js';
import {
  compress,
  PageCache,
  pageKey,
  preferredEncoding,
  SINGLE_VIEW_ENCODINGS,
} from './page-cache.js';
import { loadPageRenderer, type PageRenderer } from './page-renderer.js';
import {
  matchPageRoute,
  notFoundHead,
  pageQuery,
  pageRoutes,
  withFooterData,
  type PageContext,
} from './page-routes.js';

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
  db: Queryable;
  publicUrl: string;
  productViews: ViewCounts;
  document: { template: string; routeChunks: RouteChunks };
  /** The web app's server bundle. */
  serverEntry: string;
}

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { db, publicUrl } = options;
  const { template, routeChunks } = options.document;
  const routes = pageRoutes(publicUrl, options.productViews);
  const renderer: PageRenderer | undefined = await loadPageRenderer(options.serverEntry, {
    origin: publicUrl,
    log: app.log,
  });
  const pages = new PageCache();

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
    const match = matchPageRoute(routes, pathname);
    // The page's own address: its path and the query parameters it reads. It is rendered
    // and cached under this, whatever else the link carried.
    const queryAt = request.url.indexOf('?');
    const rawPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const query = pageQuery(
      queryAt === -1 ? '' : request.url.slice(queryAt + 1),
      match?.route.query ?? [],
    );
    const pageUrl = query ? `${rawPath}?${query}` : rawPath;
    const ctx: PageContext = {
      db,
      isGet: request.method === 'GET',
      query: new URLSearchParams(query),
      // Without the cookie plugin (a storefront served alone) there are no sessions.
      sessionCookie: request.cookies?.[SESSION_COOKIE],
    };
    let head: PageHead | undefined = match
      ? await match.route.render(ctx, match.params)
      : undefined;
    if (!head) {
      if (/\/[^/]*\.[a-z0-9]{1,8}$/i.test(pathname)) return reply.callNotFound();
      head = notFoundHead;
    }
    if (ctx.isGet) head = await withFooterData(db, head);
    const page: PageHead = head;
    reply.status(page.status).type('text/html; charset=utf-8');
    const dataJson = page.data ? scriptJson(page.data) : undefined;
    const make = async (inlined: string | undefined) => {
      // HEAD asks for the headers only: nothing to render.
      const app =
        renderer && ctx.isGet ? await renderer.render(pageUrl, page.data ?? {}) : undefined;
      const html = renderPage(template, routeChunks, page, publicUrl, pathname, {
        app,
        dataJson: inlined,
      });
      // A page whose render failed is made again next time.
      return { page: { status: page.status, html }, cache: !renderer || app !== undefined };
    };

    // Not cached: HEAD (headers only), a page with a visitor's own session check inlined (theirs
    // alone, private), and one whose responses differ on every view.
    if (!ctx.isGet || page.visitorData || page.perView) {
      const inlined = page.visitorData
        ? scriptJson({ ...page.data, ...page.visitorData })
        : dataJson;
      const made = await make(inlined);
      reply.header('cache-control', page.visitorData ? 'private, no-cache' : 'no-cache');
      const encoding = ctx.isGet
        ? preferredEncoding(request.headers['accept-encoding'], SINGLE_VIEW_ENCODINGS)
        : undefined;
      if (!encoding) return reply.send(made.page.html);
      return reply
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .send(await compress(made.page.html, encoding));
    }
    const { data: _data, ...headTags } = page;
    const key = pageKey(pageUrl, JSON.stringify(headTags), dataJson ?? '');
    const cached = await pages.get(key, () => make(dataJson));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(cached.html);
    return reply.header('content-encoding', encoding).send(await cached.encoded(encoding));
  }

  app.get('/', servePage);
  app.get('/*', servePage);
}
