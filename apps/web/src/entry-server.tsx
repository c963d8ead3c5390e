// The server's entry (built by `vite build --ssr` into dist-server/): renders one page of the
// storefront to HTML. The page is loaded first (its modules, and its loader's data from the
// API responses the server inlines into the same page), as the browser loads it; then it is
// rendered, waiting for every lazy component, so the browser hydrates exactly this markup.
import type { RenderPage } from '@kitroom/contract';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { initialDataOf } from './api/initial-data';
import { inlinedCaller, loadPage, PageDataContext } from './api/page-data';
import { AppRoutes, routes } from './app/routes';
import { createServerStore } from './app/store';
import { Storefront } from './app/storefront';

const HOISTED_RESOURCES = /^(?:<link [^>]*\/>)+/;

export const render: RenderPage = async ({ url, data, origin }) => {
  const initialData = initialDataOf(data);
  const { pathname, search } = new URL(url, origin);
  const context = { call: inlinedCaller(initialData) };
  const page = await loadPage(routes, { pathname, search }, { context });
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
  const markup = await new Response(prelude).text();
  // A component that threw leaves a client-rendered hole behind; the server falls back to
  // the shell instead, and logs why.
  if (errors.length > 0) throw errors[0];
  // React puts the resources it hoists (the preload of a fetchPriority="high" picture) first;
  // they belong in the head, not in the root the browser hydrates.
  const head = HOISTED_RESOURCES.exec(markup)?.[0] ?? '';
  return { html: markup.slice(head.length), head };
};
