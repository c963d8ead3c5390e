// The team and player pages' loaders (app/routes.tsx). What they load is in
// collection-data.ts, fetched with the page's own code rather than on every first load.
import type { LoaderFunctionArgs } from '@/ui/router';

const collectionData = () => import('./collection-data');

export const collectionListLoader = async (args: LoaderFunctionArgs) =>
  (await collectionData()).collectionListLoader(args);

export const teamLoader = async (args: LoaderFunctionArgs) =>
  (await collectionData()).collectionLoader('team', args);

export const playerLoader = async (args: LoaderFunctionArgs) =>
  (await collectionData()).collectionLoader('player', args);
