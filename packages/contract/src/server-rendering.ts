// The seam between the server and the storefront's server bundle (apps/web's entry-server,
// built by `vite build --ssr`): the server loads the bundle at start and asks it for a page's
// markup. Declared here because the contract is the one source both apps share.

/** One page to render, with the API answers the server also inlines into its HTML. */
export interface PageRenderRequest {
  /** Path and query, as the browser asked for them ('/allProducts?team=Brazil'). */
  url: string;
  /** API answers keyed as the web client asks for them: '<call> <JSON body>'. */
  data: Record<string, unknown>;
  /** The shop's public origin (PUBLIC_URL), for the links a page shares. */
  origin: string;
}

export interface RenderedPage {
  /** The markup of the app's root element: what the browser hydrates. */
  html: string;
  /** Tags for the document's head that the page asked for (preloads of its first pictures). */
  head: string;
}

/** What the server bundle exports as `render`. Rejects when the page cannot be rendered. */
export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage>;
