// The seam between the server and the storefront's server bundle (apps/web's entry-server,
// built by `vite build --ssr`): the server loads the bundle at start and asks it to load a
// page (decision 040). The bundle matches the web app's own route table, runs the matched
// routes' loaders, which make their storefront calls through the server's `send` (the API,
// in-process), and returns the page's head, the responses to hydrate from and a way to
// render it. Declared here because the contract is the one source both apps share.

/** One storefront call as the web client sends it: the same method, path and JSON body. */
export interface PageCallRequest {
  method: 'GET' | 'POST';
  /** Under /api, with the query string of a GET call: 'home.php', 'shop.php'. */
  path: string;
  /** The JSON body of a POST call, as text. */
  body?: string;
  /**
   * The call is the visitor's own (their session check): it is sent with their cookie, and
   * the page made with it is theirs alone (never cached, `private`).
   */
  visitor?: boolean;
}

/** What a storefront call returned: its status and body text. */
export interface PageCallResponse {
  status: number;
  body: string;
}

/** One page to load, as the browser asked for it. */
export interface PageRenderRequest {
  /** Path and query, as the browser asked for them ('/allProducts?team=Brazil'). */
  url: string;
  /** Sends a storefront call in-process, as the browser's fetch would. */
  send: (request: PageCallRequest) => Promise<PageCallResponse>;
  /** The shop's public origin (PUBLIC_URL), for the links a page shares. */
  origin: string;
  /** The visitor's session handle (from their `access` cookie), for their session check. */
  session?: string;
}

/** What one page's HTML head says about it. */
export interface PageHead {
  status: 200 | 404;
  /** Without the site name; undefined keeps the default title. */
  title?: string;
  description?: string;
  /** Relative to the site root, like product image_url. */
  image?: string;
  type?: 'website' | 'product';
  /** Pages that should not be listed by search engines. */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

/**
 * Who may be sent the page as it was made: `shared` the same for every visitor (cached);
 * `perView` made for each view (its responses differ every time: product.php's shuffled
 * similar products); `private` one visitor's (their session check inlined).
 */
export type PageCachePolicy = 'shared' | 'perView' | 'private';

export interface RenderedPage {
  /** The markup of the app's root element: what the browser hydrates. */
  html: string;
  /** Tags for the document's head that the page asked for (preloads of its first pictures). */
  head: string;
}

/** A page whose data is loaded, ready to render. */
export interface LoadedPage {
  /**
   * The page's own address: its path and the query parameters it reads. A link's
   * `?utm_source=…` or `?fbclid=…` is the same page, rendered and cached once.
   */
  url: string;
  head: PageHead;
  /** The ids of the web app's routes the page shows (their files are preloaded). */
  routes: string[];
  cache: PageCachePolicy;
  /**
   * The responses its loaders got, keyed as the web client asks for them
   * ('<call> <JSON body>'): inlined into the page, which hydrates from them.
   */
  responses: Record<string, unknown>;
  /** The page's markup, rendered from those responses. Rejects when it cannot be rendered. */
  render(): Promise<RenderedPage>;
}

/** What the server bundle exports as `load`. Rejects when the page cannot be loaded. */
export type LoadPage = (request: PageRenderRequest) => Promise<LoadedPage>;
