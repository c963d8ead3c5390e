// The browser's entry: hydrates the page the server rendered, or renders it when the server
// sent the bare shell (its server bundle missing or failing, or the Vite dev server).
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserApp } from './app/browser-app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = createBrowserApp();
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
