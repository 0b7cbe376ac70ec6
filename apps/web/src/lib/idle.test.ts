// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad, afterPageSettles, whenIdle } from './idle.ts';

function pageIs(state: DocumentReadyState) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('afterPageLoad', () => {
  it('waits for the page to load, then for an idle moment', () => {
    vi.useFakeTimers();
    pageIs('interactive');
    const task = vi.fn();
    afterPageLoad(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at the next idle moment when the page has already loaded (a later visit to the screen)', () => {
    vi.useFakeTimers();
    pageIs('complete');
    const task = vi.fn();
    afterPageLoad(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the screen was left before)', () => {
    vi.useFakeTimers();
    pageIs('loading');
    const task = vi.fn();
    const cancel = afterPageLoad(task);
    cancel();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    pageIs('interactive');
    const cancelAfterLoad = afterPageLoad(task);
    window.dispatchEvent(new Event('load'));
    cancelAfterLoad();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
  });
});

describe('whenIdle', () => {
  it('runs at the idle moment, or after the fallback where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    const idle = vi.fn();
    const request = vi.fn((task: () => void) => Number(setTimeout(task, 5)));
    const browser = window as { requestIdleCallback?: unknown };
    const own = browser.requestIdleCallback;
    browser.requestIdleCallback = request;
    try {
      whenIdle(idle, { timeout: 700 });
      expect(request).toHaveBeenCalledWith(idle, { timeout: 700 });
      vi.runAllTimers();
      expect(idle).toHaveBeenCalledTimes(1);
    } finally {
      if (own === undefined) delete browser.requestIdleCallback;
      else browser.requestIdleCallback = own;
    }

    const task = vi.fn();
    whenIdle(task, { fallbackMs: 1500 });
    vi.advanceTimersByTime(1499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task)();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
  });
});

describe('afterPageSettles', () => {
  /** A browser whose resource timing the test drives: `fetched()` is a download finishing. */
  function watchResources() {
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe({ type }: { type: string }) {
          expect(type).toBe('resource');
          observers.push(this.callback);
        }
        disconnect() {
          observers.splice(observers.indexOf(this.callback), 1);
        }
      },
    );
    return { fetched: () => observers.forEach((callback) => callback()), watching: () => observers.length };
  }

  let resources: ReturnType<typeof watchResources>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    resources = watchResources();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the load, then for the page to fetch nothing for the quiet time, then for an idle moment', () => {
    pageIs('interactive');
    const task = vi.fn();
    afterPageSettles(task, { quietMs: 2000 });
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1500);
    resources.fetched(); // a widget's chunk came in: the quiet time starts again
    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resources.watching()).toBe(0);
    // Quiet: now the next idle moment (jsdom has no idle callbacks: whenIdle's fallback).
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest time after the load on a page that never stops fetching', () => {
    pageIs('complete');
    const task = vi.fn();
    afterPageSettles(task, { quietMs: 2000, latestMs: 20_000 });
    for (let second = 1; second < 20; second += 1) {
      vi.advanceTimersByTime(1000);
      resources.fetched();
    }
    vi.advanceTimersByTime(1000 + 999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, and stops watching the page', () => {
    pageIs('complete');
    const task = vi.fn();
    const cancel = afterPageSettles(task);
    expect(resources.watching()).toBe(1);
    cancel();
    expect(resources.watching()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();
  });
});
