// @vitest-environment jsdom
import { renderToStringAsync } from 'preact-render-to-string';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { yieldToMain } from '../../lib/yield-to-main.ts';
import { createHydrateLater } from './hydrate-later.tsx';

type Later = ReturnType<typeof createHydrateLater>;

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      taps {count}
    </button>
  );
}

function Page({ Later }: { Later: Later }) {
  return (
    <main>
      <h1>first</h1>
      <Later>
        <Counter />
      </Later>
    </main>
  );
}

describe('HydrateLater', () => {
  it('renders its children on the server', async () => {
    const Later = createHydrateLater();
    expect(await renderToStringAsync(<Page Later={Later} />)).toContain(
      '<button type="button">taps 0</button>',
    );
  });

  it("keeps the server's markup while waiting, then makes it interactive in a later task", async () => {
    const container = document.createElement('div');
    container.innerHTML = await renderToStringAsync(<Page Later={createHydrateLater()} />);
    const serverButton = container.querySelector('button');

    hydrateRoot(container, <Page Later={createHydrateLater()} />);
    // Same task as the hydration: the part is still the server's, shown as it was and not yet listening.
    expect(container.querySelector('button')).toBe(serverButton);
    expect(container.textContent).toBe('firsttaps 0');
    await act(() => serverButton?.click());
    expect(container.textContent).toBe('firsttaps 0');

    await act(async () => {
      await yieldToMain();
    });
    // Hydrated in place: the same element, now handling taps.
    expect(container.querySelector('button')).toBe(serverButton);
    await act(() => serverButton?.click());
    expect(container.textContent).toBe('firsttaps 1');
  });
});
