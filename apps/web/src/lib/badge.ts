const BADGE_CAP = 99;

/** Unread counts above 99 show as "+99" (spec §2, §9); nothing to show for zero or less. */
export function formatBadge(count: number | undefined): string | undefined {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return undefined;
  return count > BADGE_CAP ? `+${BADGE_CAP}` : String(Math.floor(count));
}
