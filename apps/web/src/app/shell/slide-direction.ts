import { PAGE_PATHS } from '@app/contracts/page-paths';

export type SlideDirection = 'left' | 'right' | 'none';

export type RouteStep = { path: string; idx: number };

/** Spec §2: entering these screens starts at the top (its `/mall-center` is no page of ours; the mall is `/mall`). */
const SCROLL_RESET: readonly string[] = [
  PAGE_PATHS.home,
  '/mall-center',
  PAGE_PATHS.lottery,
  PAGE_PATHS.deposit,
  PAGE_PATHS.promotion,
  PAGE_PATHS.withdraw,
  PAGE_PATHS.me,
];

export function resetsScroll(path: string): boolean {
  return SCROLL_RESET.includes(path);
}

/**
 * Which way the new screen slides in: between tabs by tab depth (spec §9), otherwise by history
 * (a lower history index is going back). Left means forward or deeper, right means back.
 */
export function slideDirection(
  previous: RouteStep | undefined,
  next: RouteStep,
  navigationType: 'POP' | 'PUSH' | 'REPLACE',
  tabDepth: (path: string) => number | undefined,
): SlideDirection {
  if (!previous || previous.path === next.path || navigationType === 'REPLACE') return 'none';
  const from = tabDepth(previous.path);
  const to = tabDepth(next.path);
  if (from !== undefined && to !== undefined) return to > from ? 'left' : 'right';
  if (navigationType === 'POP') return next.idx < previous.idx ? 'right' : 'left';
  return 'left';
}
