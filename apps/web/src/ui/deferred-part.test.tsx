// A deferred part (decision 086) holds a tap from the moment the page around it is hydrated:
// a tap that lands after React has put the page on screen, but before its passive effects run,
// once went to React, which drops a click on a server-rendered part it has not hydrated (a
// journey's "Copy link" on a slow machine: no "Link copied").
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { deferredPart } from './deferred-part';

function CopyLink() {
  const [copied, setCopied] = useState(false);
  return (
    <button type="button" onClick={() => setCopied(true)}>
      <svg aria-hidden="true" width="20" height="20">
        <circle cx="10" cy="10" r="8" />
      </svg>
      {copied ? 'Link copied' : 'Copy link'}
    </button>
  );
}

const Share = deferredPart(() => Promise.resolve(CopyLink));

/** Runs `tap` as the page's hydration commits: after React's render, before passive effects. */
function AtCommit({ tap }: { tap: () => void }) {
  useLayoutEffect(tap, [tap]);
  return null;
}

function Page({ tap }: { tap: () => void }) {
  return (
    <main>
      <h1>Argentina Home Jersey</h1>
      <Share />
      <AtCommit tap={tap} />
    </main>
  );
}

async function serverHtml(): Promise<string> {
  vi.stubEnv('SSR', true);
  try {
    const { prelude } = await prerender(<Page tap={() => undefined} />);
    return await new Response(prelude).text();
  } finally {
    vi.unstubAllEnvs();
  }
}

let root: Root | undefined;
const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');

beforeAll(() => {
  // Hydration runs on React's own schedule, as in a browser, not inside act().
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
});
afterAll(() => {
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

describe('a deferred part', () => {
  it.each([
    ['the button', (button: HTMLButtonElement): Element => button],
    // Most of a round icon button is its SVG: the click's target is not an HTML element.
    ['the icon drawn in it', (button: HTMLButtonElement): Element => button.querySelector('svg')!],
  ])(
    'holds a tap on %s made as the page’s hydration commits, and does it once its code is here',
    { timeout: 20_000 },
    async (_, target) => {
      const html = await serverHtml();
      expect(html).toContain('Copy link');
      document.body.innerHTML = `<div id="root">${html}</div>`;
      const container = document.getElementById('root')!;
      const button = () => container.querySelector('button')!;
      let tapped = false;
      const tap = () => {
        if (tapped) return;
        tapped = true;
        // The browser's own dispatch of a tap.
        target(button()).dispatchEvent(
          new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
        );
      };
      root = hydrateRoot(container, <Page tap={tap} />);
      await eventually(() => expect(tapped).toBe(true));
      await eventually(() => expect(button().textContent).toBe('Link copied'));
    },
  );
});
