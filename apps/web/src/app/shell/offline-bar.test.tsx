// @vitest-environment node
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBar } from './offline-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('OfflineBar', () => {
  it("is not in the server's markup: Node's navigator has no onLine, which is not being offline", () => {
    expect(typeof navigator).toBe('object');
    expect(navigator.onLine).toBeUndefined();
    expect(renderToString(<OfflineBar />)).toBe('');
  });

  it('shows when the browser says it is offline, and not when it says online', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(renderToString(<OfflineBar />)).toContain('data-testid="offline-bar"');
    vi.stubGlobal('navigator', { onLine: true });
    expect(renderToString(<OfflineBar />)).toBe('');
  });
});
