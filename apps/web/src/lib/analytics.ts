import { ANALYTICS_PATHS } from '@app/contracts/paths';
import { request } from './request.ts';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

let previousPath: string | undefined;

/**
 * Every route change reports a page view (spec §2): to our server, for the operator's traffic figures,
 * and to a tag manager's dataLayer when the operator installs one. A lost report is not worth an error.
 */
export function trackPageView(path: string): void {
  const layer = (window as DataLayerWindow).dataLayer;
  if (Array.isArray(layer)) layer.push({ event: 'page_view', page_path: path });
  const referrer = previousPath;
  previousPath = path;
  request(ANALYTICS_PATHS.pageView, { method: 'POST', data: { path, referrer }, background: true }).catch(
    (error: unknown) => {
      if (import.meta.env.DEV) console.info('[page_view] not reported', path, error);
    },
  );
}

export function trackError(scope: string, error: unknown): void {
  console.error(`[${scope}]`, error);
  const layer = (window as DataLayerWindow).dataLayer;
  if (Array.isArray(layer)) {
    layer.push({
      event: 'app_error',
      scope,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The first-deposit conversion (spec §4 deposit result): pushed to the operator's tag manager, whose
 * advertising tags count it. Fired once per member, by the result page.
 */
export function trackFirstDeposit(orderNo: string, amount: number | undefined): void {
  const layer = (window as DataLayerWindow).dataLayer;
  if (Array.isArray(layer)) layer.push({ event: 'first_deposit', order_no: orderNo, value: amount });
}
