// search/: what other folders may use (decision 077). Inside search/, import the file itself.
export { searchRoutes } from './search.routes.js';
export { refreshSearchIndex, search } from './search.service.js';
