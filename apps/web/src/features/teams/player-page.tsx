import { CollectionPage } from './collection-page';

/** /productCategory/player/{playerName} */
export default function PlayerPage() {
  return <CollectionPage kind="player" />;
}
