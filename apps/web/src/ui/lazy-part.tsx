// A part of the page whose code loads when it is first shown: the cart panel, the phone menu,
// a dialog (decision 085). On a phone that load can fail (no signal for a moment, or a new
// release replaced the file), and React unmounts the whole page for an error no boundary
// catches: a tap on the menu would blank the shop. A lazy part shows nothing instead, and the
// next time it is shown it asks for its code again (React.lazy keeps a failed load's error, and
// the browser the failed module: retry-import.ts).
import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { retryingImport } from './retry-import';

interface BoundaryProps {
  onFailed(): void;
  /** What shows instead of the part (nothing by default). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Shows `fallback` instead of a part whose code could not load, and says so once. */
export class LoadFailure extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** React.lazy for a part of the page: a failed load shows nothing and is tried again later. */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  // Asked again by a new address after a failure: the browser keeps the first one's.
  const loadAgain = retryingImport(load);
  let Loaded = lazy(loadAgain);
  const again = () => {
    Loaded = lazy(loadAgain);
  };
  function LazyPart(props: P) {
    return (
      <LoadFailure onFailed={again}>
        <Loaded {...props} />
      </LoadFailure>
    );
  }
  return LazyPart;
}
