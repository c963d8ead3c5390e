import { CollectionListPage } from './collection-list-page';

/** /productCategory/players */
export default function PlayersListPage() {
  return <CollectionListPage kind="player" />;
}
