export type SlideDirection = 'left' | 'right' | 'none';

export type RouteStep = { path: string; idx: number };

/** Spec §2: entering these screens starts at the top. */
const SCROLL_RESET = ['/home', '/mall-center', '/lottery', '/deposit', '/promotion', '/withdraw', '/me'];

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
