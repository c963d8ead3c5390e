import { CollectionPage } from './collection-page';

/** /productCategory/team/{teamName} */
export default function TeamPage() {
  return <CollectionPage kind="team" />;
}
