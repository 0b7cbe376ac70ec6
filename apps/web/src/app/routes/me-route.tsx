import { Suspense } from 'react';
import { MePage } from '../../features/me/routes/me-page.tsx';
import { lazyPage } from '../../lib/lazy-page.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useMounted } from '../../lib/use-mounted.ts';

// The VIP level and benefits carousel: the VIP feature's own chunk, for members only.
const MeVipSection = lazyPage(() =>
  import('../../features/vip/components/me-vip-section.tsx').then((module) => module.MeVipSection),
);

/** The Me page with the member's VIP level and benefits composed in (issue 15). */
export function MeRoute() {
  const isLoggedIn = useIsLoggedIn();
  // Not in the render that hydrates the page: a lazy part suspending there loses its elements (use-mounted.ts).
  const mounted = useMounted();
  return (
    <MePage
      vipSection={
        isLoggedIn && mounted ? (
          <Suspense fallback={null}>
            <MeVipSection />
          </Suspense>
        ) : null
      }
    />
  );
}
