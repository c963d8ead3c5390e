// The web app's and the back office's component tests share one page (jsdom) per worker from
// one test file to the next (their vitest.config.ts: isolate false, about three times faster
// than a new page per file). After each file, setup.ts calls this and vi.resetModules(), so the
// next file starts as a new page would: at /, with no cookies and no title, its modules
// imported afresh. Storage is cleared after every test.
export function startPageOver(): void {
  window.history.replaceState(null, '', '/');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.title = '';
}
