// False while the page is rendered on the server and while the browser hydrates that
// markup; true from the render after, and at once for anything mounted later. What depends
// on the browser (its storage, navigation state) renders only once this is true, so the
// server's markup and the browser's first render always agree.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
