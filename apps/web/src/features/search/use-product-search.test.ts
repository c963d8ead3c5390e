import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rankSuggestions, SEARCH_SUGGESTIONS } from './suggestions';
import { SEARCH_DEBOUNCE_MS, useProductSearch } from './use-product-search';

function searchResponse(names: string[]): Response {
  return new Response(JSON.stringify({ products: names.map((name, i) => ({ id: i + 1, name })) }), {
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live product search', () => {
  it('waits for typing to pause and asks once for the last text', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => searchResponse(['Messi']));
    const { result, rerender } = renderHook(({ text }) => useProductSearch(text), {
      initialProps: { text: 'm' },
    });
    rerender({ text: 'me' });
    rerender({ text: 'messi' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({ search: 'messi' });
    expect(result.current).toMatchObject({ query: 'messi', searching: false });
    expect(result.current.products.map((p) => p.name)).toEqual(['Messi']);
  });

  it('clears the results for empty text without a call', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => searchResponse(['Kane']));
    const { result, rerender } = renderHook(({ text }) => useProductSearch(text), {
      initialProps: { text: 'kane' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.products).toHaveLength(1);
    rerender({ text: '   ' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ products: [], query: '', searching: false });
  });

  it('drops the response of a search the shopper typed past', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch')
      .mockImplementationOnce(
        (_url, init) =>
          new Promise((resolve, reject) => {
            release = resolve;
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      )
      .mockImplementationOnce(async () => searchResponse(['Salah']));
    const { result, rerender } = renderHook(({ text }) => useProductSearch(text), {
      initialProps: { text: 'sal' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    rerender({ text: 'salah' });
    await act(async () => {
      release(searchResponse(['Stale']));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.products).toEqual([]);
    expect(result.current.query).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.query).toBe('salah');
    expect(result.current.products.map((p) => p.name)).toEqual(['Salah']);
  });

  it('reads a failed search as no results', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    const { result } = renderHook(() => useProductSearch('neymar'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current).toEqual({ products: [], query: 'neymar', searching: false });
  });
});

describe('suggestions', () => {
  it('has about 47 fixed phrases, those sharing a typed word first', () => {
    expect(SEARCH_SUGGESTIONS).toHaveLength(47);
    const ranked = rankSuggestions('madrid');
    expect(ranked).toHaveLength(47);
    expect(ranked.slice(0, 2)).toEqual(['Real Madrid jersey', 'Atletico Madrid jersey']);
  });
});
