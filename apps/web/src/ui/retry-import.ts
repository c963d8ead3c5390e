// A chunk asked for again after its load failed (a phone losing signal for a moment). Browsers
// keep a failed module under its address: Chromium answers the same import() with the same
// failure at once and never asks the network again, so "tried again later" would fail for as
// long as the page is open. The failure names the address (Chromium, Firefox); a retry imports
// it with a query of its own, which the browser fetches as a new module (the chunks that one
// imports are shared as before). Where the failure names none (Safari), the retry is the same
// import, as before. One success is kept: every later call gets that module.

/** The chunk's address a failed dynamic import names, if it names one. */
export function failedImportUrl(err: unknown): string | null {
  return /(https?:\/\/\S+?\.m?js)\b/.exec(String(err))?.[1] ?? null;
}

/** `load`, asked again by a new address after a failure that named one. */
export function retryingImport<T>(
  load: () => Promise<T>,
  importAgain: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  let failedUrl: string | null = null;
  let retries = 0;
  return () =>
    (loaded ??= (
      failedUrl ? (importAgain(`${failedUrl}?retry=${++retries}`) as Promise<T>) : load()
    ).catch((err: unknown) => {
      loaded = null;
      failedUrl ??= failedImportUrl(err);
      throw err;
    }));
}
