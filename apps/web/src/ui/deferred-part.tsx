// A part of a server-rendered page whose code loads when the shopper is about to need it
// (decision 086): when it comes near the screen, or at the first touch or focus inside it.
// Until then the browser keeps the server's HTML and has none of the part's code: the part is
// a Suspense boundary whose child waits while the page hydrates, and React leaves such a
// boundary dehydrated, its server HTML in place, while the rest of the page hydrates.
//
// React drops a click on a dehydrated part (it stops the event; it replays focus, not clicks),
// and the browser would then follow a link or submit a form by itself. So a click there is held
// and replayed once the part has hydrated, and what was typed into its fields before then is
// handed to React as a change of the field. An action elsewhere that needs those fields asks
// wakeTypedParts first (Add to Cart and the print).
//
// New data in its props, or a context above it changing (a navigation starting), makes React
// render a dehydrated part in the browser instead: its code loads then, and a copy of the
// server's HTML stands in meanwhile, so nothing flashes. Callbacks are not data: a new function
// alone leaves it asleep, and it takes the newest ones as soon as it wakes. Mounted in the
// browser rather than over server HTML (a client-side navigation), a part loads its code at
// once, and the page waits for it (the navigation's transition) rather than showing a hole.
import {
  Suspense,
  use,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactPromise,
} from 'react';
import { flushSync } from 'react-dom';
import { LoadFailure } from './lazy-part';

/**
 * How far beyond the screen a part starts loading: a quarter of the screen's height. A whole
 * screen would load the product page's parts below its first screen at once on a phone, and
 * Lighthouse would count them.
 */
export const NEAR_SCREEN_MARGIN = '25% 0px';

const noSubscription = () => () => undefined;

/** True on the server and while React hydrates server HTML; false in a browser render. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** The server's HTML of the part with this id; null when there is none (a browser render). */
function serverHtml(id: string): string | null {
  if (import.meta.env.SSR) return null;
  return document.getElementById(id)?.innerHTML ?? null;
}

const depthLimit = 6;

/** Equal as data: functions are not compared, arrays and plain objects by their contents. */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (depth > depthLimit || typeof a !== 'object' || typeof b !== 'object' || !a || !b) {
    return false;
  }
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) && a.length === b.length && a.every((v, i) => sameData(v, b[i], depth + 1))
    );
  }
  const plain = (o: object) => Object.getPrototypeOf(o) === Object.prototype && !('$$typeof' in o);
  if (!plain(a) || !plain(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (k) =>
        Object.hasOwn(b, k) &&
        sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1),
    )
  );
}

/** `props` once awake; asleep, the first ones until their data differs. */
function useKept<P extends object>(props: P, awake: boolean): P {
  const [kept, setKept] = useState(props);
  if (awake || kept === props) return props;
  if (!sameData(kept, props)) {
    setKept(props);
    return props;
  }
  return kept;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The fields of `element` the shopper typed into before React took them over. */
function typedBefore(element: HTMLElement | null): [Field, string][] {
  if (!element) return [];
  return [...element.querySelectorAll<Field>('input, textarea')]
    .filter((f) => !['checkbox', 'radio', 'file'].includes(f.type) && f.value !== f.defaultValue)
    .map((f) => [f, f.value]);
}

/** Hands React a value typed into `field` before it hydrated, as if it were typed now. */
function typeInto(field: Field, value: string) {
  if (!field.isConnected) return;
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  // The prototype's setter: React's own, on the element, would take the value as seen already.
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  flushSync(() => field.dispatchEvent(new Event('input', { bubbles: true })));
}

interface Wake {
  /** Settles once the part's code has loaded after a wake. */
  woken: Promise<void>;
  wake(): void;
}

function wakeSignal(code: () => PromiseLike<unknown>): Wake {
  let resolve: () => void = () => undefined;
  const woken = new Promise<void>((r) => {
    resolve = r;
  });
  let asked = false;
  return {
    woken,
    wake() {
      if (asked) return;
      asked = true;
      // A failed load leaves the part asleep, its HTML in place: the next touch asks again.
      void code().then(resolve, () => {
        asked = false;
      });
    },
  };
}

/** The parts asleep (or whose code failed to load), each with what wakes it, by element. */
const sleepers = new WeakMap<HTMLElement, () => void>();

/**
 * Wakes each part inside `root` that is asleep with text typed into its fields that React has
 * not had yet (its code is loading, or failed to load and is asked for again); true if there
 * was one. An action that reads those fields (Add to Cart reading the print) must wait for it,
 * or it would go on without what the shopper typed.
 */
export function wakeTypedParts(root: ParentNode | null): boolean {
  if (!root) return false;
  let found = false;
  for (const part of root.querySelectorAll<HTMLElement>('[data-deferred-part]')) {
    const wakeUp = sleepers.get(part);
    if (!wakeUp || typedBefore(part).length === 0) continue;
    wakeUp();
    found = true;
  }
  return found;
}

/** What a click, a touch or a focus inside `element` is, if it is inside. */
function inside(element: HTMLElement, event: Event): boolean {
  return event.target instanceof Node && element.contains(event.target);
}

/**
 * Keeps a plain click inside `element` from the browser and from React, to be made again once
 * the part can take it; false when it is not one to keep.
 */
function keepsClick(element: HTMLElement, event: MouseEvent): boolean {
  if (!inside(element, event) || event.button !== 0) return false;
  // A link opened in a new tab or window is the browser's, asleep or not.
  const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
  if (modified && event.target instanceof Element && event.target.closest('a[href]')) return false;
  event.preventDefault();
  event.stopPropagation();
  return true;
}

/**
 * The element to click again: the one clicked or, for a drawing inside it (an icon's SVG, most
 * of a round button), the nearest HTML element around it, which has click().
 */
function clicked(event: Event): HTMLElement | null {
  let element = event.target instanceof Element ? event.target : null;
  while (element && !(element instanceof HTMLElement)) element = element.parentElement;
  return element;
}

/**
 * A component whose code `load` brings, rendered on the server and kept as the server's HTML
 * in the browser until the part is near the screen or touched.
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loading: ReactPromise<ComponentType<P>> | undefined;
  /** The part's code: kept once loaded; a failed load is asked for again the next time. */
  const code = (): ReactPromise<ComponentType<P>> => {
    if (loading) return loading;
    const started = load();
    loading = started;
    // Marked as React marks what use() has seen: a part whose code is here renders at once,
    // even the first time it is used.
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      () => {
        loading = undefined;
      },
    );
    return started;
  };

  function Code({
    props,
    woken,
    onMounted,
  }: {
    props: P;
    woken: Promise<void> | null;
    onMounted(): void;
  }) {
    const hydrating = useHydrating();
    // Over the server's HTML: wait for the wake, React keeping the HTML meanwhile.
    if (hydrating && woken) use(woken);
    const Component = use(code());
    useLayoutEffect(onMounted, [onMounted]);
    return <Component {...props} />;
  }

  function DeferredPart(props: P) {
    const id = useId();
    const ref = useRef<HTMLDivElement>(null);
    const [server] = useState(() => serverHtml(id));
    const dehydrated = server !== null;
    const [wake] = useState(() => (dehydrated ? wakeSignal(code) : null));
    const [awake, setAwake] = useState(!dehydrated);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    const kept = useKept(props, awake);
    const held = useRef<{ click: HTMLElement | null; typed: [Field, string][] }>({
      click: null,
      typed: [],
    });

    const mounted = useCallback(() => {
      // Read now: React's next render of the fields puts its own values back.
      held.current.typed = typedBefore(ref.current);
      setAwake(true);
    }, []);
    const loadFailed = useCallback(() => setFailed(true), []);

    // Asleep (or its code failed to load): a touch or a focus wakes it, a click waits for it.
    // On the document, in the capture phase: React stops the events of a dehydrated part.
    // Listening from the commit that puts the page on screen (a layout effect): a passive one
    // runs a moment later, and a tap in between went to React, which dropped it.
    const listening = (wake !== null && !awake) || failed;
    useLayoutEffect(() => {
      const element = ref.current;
      if (!element || !listening) return;
      const wakeUp = () => {
        if (failed) {
          setFailed(false);
          setAttempt((a) => a + 1);
        } else wake?.wake();
      };
      const start = (event: Event) => {
        if (inside(element, event)) wakeUp();
      };
      sleepers.set(element, wakeUp);
      const hold = (event: MouseEvent) => {
        if (!keepsClick(element, event)) return;
        held.current.click = clicked(event);
        start(event);
      };
      document.addEventListener('pointerdown', start, true);
      document.addEventListener('focusin', start, true);
      document.addEventListener('click', hold, true);
      let observer: IntersectionObserver | undefined;
      if (wake && !failed) {
        if (typeof IntersectionObserver === 'function') {
          observer = new IntersectionObserver(
            (entries) => {
              if (entries.some((e) => e.isIntersecting)) wake.wake();
            },
            { rootMargin: NEAR_SCREEN_MARGIN },
          );
          observer.observe(element);
        } else wake.wake();
      }
      return () => {
        sleepers.delete(element);
        document.removeEventListener('pointerdown', start, true);
        document.removeEventListener('focusin', start, true);
        document.removeEventListener('click', hold, true);
        observer?.disconnect();
      };
    }, [listening, failed, wake]);

    // Awake: what was typed, then the click, now that React's handlers are there.
    useEffect(() => {
      const element = ref.current;
      if (!element || !awake || failed) return;
      if (!held.current.click && held.current.typed.length === 0) return;
      // Typing can make React hydrate the part there and then, and this run, within the event
      // that typed. A click a script makes right after it, before the replay below (a test's,
      // an autofill tool's), waits its turn behind the text, or it would come first.
      const wait = (event: MouseEvent) => {
        if (keepsClick(element, event)) held.current.click = clicked(event);
      };
      document.addEventListener('click', wait, true);
      let cancelled = false;
      queueMicrotask(() => {
        document.removeEventListener('click', wait, true);
        if (cancelled) return;
        const { click, typed } = held.current;
        held.current = { click: null, typed: [] };
        for (const [field, value] of typed) typeInto(field, value);
        if (click?.isConnected) click.click();
      });
      return () => {
        cancelled = true;
        document.removeEventListener('click', wait, true);
      };
    }, [awake, failed]);

    const copy = useMemo(
      () =>
        server ? <div className="contents" dangerouslySetInnerHTML={{ __html: server }} /> : null,
      [server],
    );
    // One element while asleep, so that a render of the page above leaves the part alone.
    const part = useMemo(() => {
      const code = (
        <LoadFailure key={attempt} fallback={copy} onFailed={loadFailed}>
          <Code props={kept} woken={wake?.woken ?? null} onMounted={mounted} />
        </LoadFailure>
      );
      return dehydrated || import.meta.env.SSR ? <Suspense fallback={copy}>{code}</Suspense> : code;
    }, [attempt, copy, dehydrated, kept, loadFailed, mounted, wake]);
    return (
      <div id={id} ref={ref} data-deferred-part="">
        {part}
      </div>
    );
  }
  return DeferredPart;
}
