// The browser's entry: hydrates the page the server rendered, or renders it when the server
// sent the bare shell (its server bundle missing or failing, or the Vite dev server).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserApp } from './app/browser-app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

const hydrating = container.firstElementChild !== null;
// The router first loads the page's modules and data, then the page is shown.
void createBrowserApp({ hydrating }).then((app) => {
  // Hydration as a transition: React then works in slices of a few milliseconds and yields
  // to the browser between them, instead of one long task per region that holds back the
  // phone's first tap (Total Blocking Time). A tap on a region not yet hydrated hydrates it
  // first.
  if (hydrating) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
});
