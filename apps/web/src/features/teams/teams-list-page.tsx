import { CollectionListPage } from './collection-list-page';

/** /productCategory/teams */
export default function TeamsListPage() {
  return <CollectionListPage kind="team" />;
}
