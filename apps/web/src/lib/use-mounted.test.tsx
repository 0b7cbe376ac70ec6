import { lazy, Suspense, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import { useMounted } from './use-mounted.ts';

function AfterMount({ children }: { children: ReactNode }) {
  return useMounted() ? children : null;
}

/**
 * The server's markup of a page with a lazy part between two sections (the Me page: profile, VIP section,
 * invitation card), hydrated while the part's chunk is still on its way; then the chunk arrives and the
 * next section changes. Each section must keep an element of its own. Without `AfterMount` around the part
 * this fails on Preact 10.29: the part takes over the invitation card's element (`data-testid="invite"`
 * holding "vip") and the card is built again after it.
 */
it('gives a lazy part rendered after mount elements of its own, beside a sibling that changes', async () => {
  let arrive!: (module: { default: () => ReactNode }) => void;
  const Part = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
  let setCode!: (code: string) => void;
  function Invite() {
    const [code, set] = useState('A1');
    setCode = set;
    return <section data-testid="invite">invite {code}</section>;
  }
  const container = document.createElement('div');
  container.innerHTML =
    '<div><section data-testid="profile">profile</section><section data-testid="invite">invite A1</section></div>';
  await act(async () => {
    hydrateRoot(
      container,
      <div>
        <section data-testid="profile">profile</section>
        <AfterMount>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </AfterMount>
        <Invite />
      </div>,
    );
  });
  await act(async () => {
    arrive({ default: () => <section data-testid="vip">vip</section> });
  });
  await act(async () => {
    setCode('B2');
  });
  const sections = [...container.querySelectorAll('section')];
  expect(sections.map((section) => [section.dataset.testid, section.textContent])).toEqual([
    ['profile', 'profile'],
    ['vip', 'vip'],
    ['invite', 'invite B2'],
  ]);
});
