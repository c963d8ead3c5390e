// The server's entry (built by `vite build --ssr` into dist-server/): loads one page of the
// storefront as the browser would (decision 040). The web app's own route table is matched,
// every matched route's loader runs with the server's `send` (its API, in-process) under the
// web client's `call`, and the responses they got are what the page is hydrated from. The
// page's head, status and cache policy come from its route's rule (page-heads.ts). Rendering
// loads the page again from those responses alone, exactly as the hydrating browser will,
// and waits for every lazy component.
import type { LoadPage, PageCallRequest, RenderedPage } from '@kitroom/contract';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter, type RouteMatch } from './ui/router';
import { callerOver } from './api/client';
import { initialDataOf } from './api/initial-data';
import {
  inlinedCaller,
  loadPage,
  loadRoutes,
  PageDataContext,
  recordingCaller,
} from './api/page-data';
import { pageQuery, pageRules } from './app/page-heads';
import { AppRoutes, routes } from './app/routes';
import { createServerStore } from './app/store';
import { Storefront } from './app/storefront';

const HOISTED_RESOURCES = /^(?:<link [^>]*\/>)+/;

/** The stream's text (read directly: a `Response` around it costs a page a few per cent more). */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    parts.push(decoder.decode(read.value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The page at `url` rendered from `responses` alone, as the browser hydrates it. */
async function render(
  url: string,
  matches: RouteMatch[],
  responses: Record<string, unknown>,
  origin: string,
): Promise<RenderedPage> {
  const initialData = initialDataOf(responses);
  const { pathname, search } = new URL(url, origin);
  const context = { call: inlinedCaller(initialData) };
  const page = await loadPage(routes, { pathname, search }, { context, matches });
  const store = createServerStore();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <Storefront
      store={store}
      serverState={store.getState()}
      initialData={initialData}
      origin={origin}
    >
      <StaticRouter location={url}>
        <PageDataContext value={{ data: page, navigating: null }}>
          <AppRoutes />
        </PageDataContext>
      </StaticRouter>
    </Storefront>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, whatever its size: the page is sent whole, and outlined
      // boundaries would need inline scripts, which the Content-Security-Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const markup = await textOf(prelude);
  // A component that threw leaves a client-rendered hole behind; the server falls back to
  // the shell instead, and logs why.
  if (errors.length > 0) throw errors[0];
  // React puts the resources it hoists (the preload of a fetchPriority="high" picture) first;
  // they belong in the head, not in the root the browser hydrates.
  const head = HOISTED_RESOURCES.exec(markup)?.[0] ?? '';
  return { html: markup.slice(head.length), head };
}

export const load: LoadPage = async ({ url, send, origin, session }) => {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1);
  const rule = pageRules[leaf?.route.id ?? 'notFound'] ?? pageRules.notFound!;
  // The page's own address: its path and the query parameters it reads.
  const query = pageQuery(queryAt === -1 ? '' : url.slice(queryAt + 1), rule.query ?? []);
  const pageUrl = query ? `${path}?${query}` : path;

  const responses: Record<string, unknown> = {};
  let visitorCalled = false;
  const counted = (request: PageCallRequest) => {
    if (request.visitor) visitorCalled = true;
    return send(request);
  };
  const call = recordingCaller(callerOver(counted), responses);
  const loaded = await loadRoutes(
    routes,
    { pathname: path, search: query ? `?${query}` : '' },
    { context: { call, ...(session === undefined ? {} : { session }) }, matches },
  );
  const data: Record<string, unknown> = {};
  for (const { id, data: result } of loaded) if (id !== undefined) data[id] = result;
  const input = { params: leaf?.params ?? {}, data, origin };
  const head = rule.head(input);
  return {
    url: pageUrl,
    head,
    routes: loaded.flatMap(({ id }) => (id === undefined ? [] : [id])),
    cache: visitorCalled ? 'private' : rule.perView?.(input) ? 'perView' : 'shared',
    responses,
    render: () => render(pageUrl, matches, responses, origin),
  };
};
