import { useEffect, useState } from 'react';

/**
 * Whether the component has mounted: false on the server and in the render that hydrates the page, true
 * from the render after. A lazy part inside a page (the Me page's VIP section) is rendered only once it
 * is true. In Preact 10.29 a lazy child that suspends while the page hydrates later takes over the server
 * element of its next sibling, attributes and all (the invitation card's `<section>`): the VIP section
 * came out as a second invitation card (account.spec's Facebook journey, once in CI, 2026-12-06).
 * Rendered after mount, it suspends in an ordinary render and gets elements of its own.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
