import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoaded } from './use-loaded.ts';

/** A load whose answers the test gives, one per call, recording each call's abort signal. */
function controlledLoad<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { calls, load };
}

afterEach(() => vi.useRealTimers());

describe('the loader', () => {
  it('loads for the key, keeps the last answer while the next key loads, and aborts the request it replaces', async () => {
    const { calls, load } = controlledLoad<string>();
    const { result, rerender } = renderHook(({ key }) => useLoaded(key, load), { initialProps: { key: 'page=1' } });
    expect(result.current).toMatchObject({ data: undefined, loading: true, failed: false });
    await act(async () => calls[0]?.resolve('first page'));
    expect(result.current).toMatchObject({ data: 'first page', loading: false });

    rerender({ key: 'page=2' });
    expect(result.current).toMatchObject({ data: 'first page', loading: true });
    rerender({ key: 'page=3' });
    expect(calls[1]?.signal.aborted).toBe(true);
    // The answer to the abandoned key comes late: it is dropped, not shown over the current one.
    await act(async () => calls[1]?.resolve('second page'));
    expect(result.current).toMatchObject({ data: 'first page', loading: true });
    await act(async () => calls[2]?.resolve('third page'));
    expect(result.current).toMatchObject({ data: 'third page', loading: false });
  });

  it('says a failure for the current key, with what it threw, and asks again on retry', async () => {
    const { calls, load } = controlledLoad<string>();
    const { result } = renderHook(() => useLoaded('key', load));
    const error = new Error('boom');
    await act(async () => calls[0]?.reject(error));
    expect(result.current).toMatchObject({ failed: true, loading: false, error });
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ failed: false, loading: true, error: undefined });
    await act(async () => calls[1]?.resolve('answer'));
    expect(result.current).toMatchObject({ data: 'answer', failed: false });
  });

  it('asks nothing for a null key, and waits for a key to rest when given a delay', async () => {
    vi.useFakeTimers();
    const { calls, load } = controlledLoad<string>();
    const { result, rerender } = renderHook(({ key }) => useLoaded(key, load, { delay: 300 }), {
      initialProps: { key: null as string | null },
    });
    expect(result.current).toMatchObject({ loading: false, failed: false });
    rerender({ key: 'c' });
    rerender({ key: 'co' });
    rerender({ key: 'code' });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(1);
  });
});
