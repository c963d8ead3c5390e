import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  createStore,
  patch,
  StoreProvider,
  useSelector,
  type Action,
  type Store,
} from './small-store';

interface State {
  count: number;
  name: string;
}

type TestAction = { type: 'add'; by: number } | { type: 'rename'; name: string };

function reducer(state: State, action: Action): State {
  const a = action as TestAction;
  switch (a.type) {
    case 'add':
      return patch(state, { count: state.count + a.by });
    case 'rename':
      return patch(state, { name: a.name });
    default:
      return state;
  }
}

const add = (by: number): TestAction => ({ type: 'add', by });
const rename = (name: string): TestAction => ({ type: 'rename', name });

describe('the store', () => {
  it('keeps the reducer’s state and tells its subscribers of each change, until they stop', () => {
    const store = createStore(reducer, { count: 0, name: 'a' });
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    expect(store.dispatch(add(2))).toEqual(add(2));
    expect(store.getState()).toEqual({ count: 2, name: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.dispatch(add(1));
    expect(store.getState().count).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells nobody and runs no effect for an action that changes nothing', () => {
    const effect = vi.fn();
    const store = createStore(reducer, { count: 0, name: 'a' }, [effect]);
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getState();
    store.dispatch(add(0));
    store.dispatch(rename('a'));
    store.dispatch({ type: 'unknown' });
    expect(store.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    expect(effect).not.toHaveBeenCalled();
  });

  it('runs each effect after a change, with the state before it and the store', () => {
    const seen: unknown[] = [];
    const store = createStore(reducer, { count: 0, name: 'a' }, [
      (before, action, s) => seen.push([before.count, action.type, s.getState().count]),
    ]);
    store.dispatch(add(5));
    expect(seen).toEqual([[0, 'add', 5]]);
  });

  it('runs a dispatched function with dispatch and getState, and returns what it returns', async () => {
    const store = createStore(reducer, { count: 1, name: 'a' });
    const result = store.dispatch(async (dispatch, getState) => {
      dispatch(add(getState().count));
      await Promise.resolve();
      dispatch(rename('b'));
      return getState();
    });
    expect(store.getState().count).toBe(2);
    await expect(result).resolves.toEqual({ count: 2, name: 'b' });
  });

  it('patches only what differs, keeping the same object for no change', () => {
    const state = { count: 1, name: 'a' };
    expect(patch(state, { count: 1 })).toBe(state);
    expect(patch(state, {})).toBe(state);
    const next = patch(state, { count: 2 });
    expect(next).toEqual({ count: 2, name: 'a' });
    expect(state).toEqual({ count: 1, name: 'a' });
  });
});

function renderCounter(store: Store<State>) {
  const renders: number[] = [];
  function Counter() {
    const count = useSelector((state: State) => state.count);
    renders.push(count);
    return <output>{count}</output>;
  }
  const view = render(
    <StoreProvider store={store}>
      <Counter />
    </StoreProvider>,
  );
  return { renders, ...view };
}

describe('useSelector', () => {
  it('renders again only when what it selects changes', () => {
    const store = createStore(reducer, { count: 0, name: 'a' });
    const { renders, container } = renderCounter(store);
    expect(renders).toEqual([0]);
    act(() => void store.dispatch(rename('b')));
    expect(renders).toEqual([0]);
    act(() => void store.dispatch(add(3)));
    expect(renders).toEqual([0, 3]);
    expect(container.textContent).toBe('3');
  });

  it('hydrates the server’s markup with the server’s state, then shows the store’s own', async () => {
    const serverState = { count: 0, name: 'a' };
    const renders: number[] = [];
    function Counter() {
      const count = useSelector((state: State) => state.count);
      renders.push(count);
      return <output>{count}</output>;
    }
    const serverStore = createStore(reducer, serverState);
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <StoreProvider store={serverStore} serverState={serverState}>
        <Counter />
      </StoreProvider>,
    );
    document.body.append(container);
    renders.length = 0;

    const browserStore = createStore(reducer, { count: 4, name: 'a' });
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <StoreProvider store={browserStore} serverState={serverState}>
          <Counter />
        </StoreProvider>,
        { onRecoverableError: (error) => void recoverable.push(error) },
      ),
    );
    expect(recoverable).toEqual([]);
    expect(renders).toEqual([0, 4]);
    expect(container.textContent).toBe('4');
    act(() => root.unmount());
    container.remove();
  });
});
