// @vitest-environment jsdom
import { renderToStringAsync } from 'preact-render-to-string';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../../lib/yield-to-main.ts';
import { createHydrateLater, HYDRATED_LATER_ATTRIBUTE } from './hydrate-later.tsx';

type Later = ReturnType<typeof createHydrateLater>;

// The deferred parts' tasks, held back when a test wants to let them come one at a time.
const tasks = vi.hoisted(() => ({ held: false, waiting: [] as Array<() => void> }));
vi.mock('../../lib/yield-to-main.ts', async (importOriginal) => {
  const real = await importOriginal<{ yieldToMain: () => Promise<void> }>();
  return {
    yieldToMain: () =>
      tasks.held ? new Promise<void>((resolve) => tasks.waiting.push(resolve)) : real.yieldToMain(),
  };
});

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

  it("hydrates a part of several elements in place, every one of them the server's", async () => {
    function Footer({ Later }: { Later: Later }) {
      return (
        <main>
          <h1>first</h1>
          <Later>
            <section>sponsors</section>
            <footer>
              <Counter />
            </footer>
            <aside>advert</aside>
          </Later>
        </main>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = await renderToStringAsync(<Footer Later={createHydrateLater()} />);
    const serverElements = [...container.querySelectorAll('section, footer, aside, button')];
    expect(serverElements).toHaveLength(4);

    hydrateRoot(container, <Footer Later={createHydrateLater()} />);
    await act(async () => {
      await yieldToMain();
    });
    // Not built again: the very elements the server sent, in their order, the button now answering taps.
    const hydrated = [...container.querySelectorAll('section, footer, aside, button')];
    expect(hydrated.map((element, index) => element === serverElements[index])).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await act(() => container.querySelector('button')?.click());
    expect(container.textContent).toBe('firstsponsorstaps 1advert');
  });

  it('marks the page as answering taps only once every deferred part has hydrated', async () => {
    // The page's deferred parts: the game area and the footer, each waiting for a task of its own.
    function TwoParts({ GameArea, Footer }: { GameArea: Later; Footer: Later }) {
      return (
        <main>
          <GameArea>
            <Counter />
          </GameArea>
          <Footer>
            <p>footer</p>
          </Footer>
        </main>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = await renderToStringAsync(
      <TwoParts GameArea={createHydrateLater()} Footer={createHydrateLater()} />,
    );
    document.documentElement.removeAttribute(HYDRATED_LATER_ATTRIBUTE);
    const nextHeldTask = async () => {
      tasks.waiting.shift()?.();
      // The lazy part settles a few promise steps later; a timer runs after all of them.
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    tasks.held = true;
    try {
      await act(() => {
        hydrateRoot(container, <TwoParts GameArea={createHydrateLater()} Footer={createHydrateLater()} />);
      });
      expect(tasks.waiting).toHaveLength(2);
      expect(document.documentElement.hasAttribute(HYDRATED_LATER_ATTRIBUTE)).toBe(false);

      // The game area's task: it answers taps, but the footer is still only the server's markup.
      await act(() => nextHeldTask());
      await act(() => container.querySelector('button')?.click());
      expect(container.textContent).toBe('taps 1footer');
      expect(document.documentElement.hasAttribute(HYDRATED_LATER_ATTRIBUTE)).toBe(false);

      await act(() => nextHeldTask());
      expect(document.documentElement.hasAttribute(HYDRATED_LATER_ATTRIBUTE)).toBe(true);
    } finally {
      tasks.held = false;
    }
  });
});
