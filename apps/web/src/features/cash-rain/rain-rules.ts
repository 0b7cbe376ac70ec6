import type { CashRainDuration } from '@app/contracts/cash-rain';
import { SLOT_STATUS } from '@app/contracts/cash-rain-rules';

/** Spec §9: a 3 s countdown, then 15 s of rain; a drop every 250 ms falls for 3 s. */
export const COUNTDOWN_SECONDS = 3;
export const RAIN_MS = 15_000;
export const DROP_EVERY_MS = 250;
export const FALL_MS = 3_000;
/** The share popup follows a won gift after 1 s (spec §4). */
export const SHARE_DELAY_MS = 1_000;

const PRIORITY = [SLOT_STATUS.open, SLOT_STATUS.upcoming, SLOT_STATUS.finished] as const;

/**
 * The slot the widget and the page show: the first open one, else the next upcoming, else a finished one.
 * A slot the member has joined (one packet per member in each rain) is passed over: "Grab Now" is never
 * offered for a rain the member can no longer enter.
 */
export function chooseSlot(
  durations: readonly CashRainDuration[],
  joinedSlotId?: number,
): CashRainDuration | undefined {
  for (const status of PRIORITY) {
    const found = durations
      .filter((duration) => duration.status === status && duration.id !== joinedSlotId)
      .sort((a, b) => a.begin - b.begin)[0];
    if (found) return found;
  }
  return undefined;
}

/** The label's text key: open "Grab Now", upcoming its start time, finished "See You Tomorrow". */
function slotLabelKey(
  slot: CashRainDuration,
): 'cash_rain.grab' | 'cash_rain.startsAt' | 'cash_rain.tomorrow' {
  if (slot.status === SLOT_STATUS.open) return 'cash_rain.grab';
  if (slot.status === SLOT_STATUS.upcoming) return 'cash_rain.startsAt';
  return 'cash_rain.tomorrow';
}

/**
 * The label's text and its time: only an upcoming slot's label shows one, and the first time formatted in
 * a page loads the browser's time-zone data (85 ms of a cheap phone's main thread when the home widget
 * appears), so an open or finished slot's label formats none.
 */
export function slotLabel(
  slot: CashRainDuration,
  timeZone: string,
): { key: ReturnType<typeof slotLabelKey>; vars?: { time: string } } {
  const key = slotLabelKey(slot);
  return key === 'cash_rain.startsAt' ? { key, vars: { time: startTimeOf(slot, timeZone) } } : { key };
}

/** The slot's start as the market's wall clock (HH:MM). */
export function startTimeOf(slot: CashRainDuration, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(slot.begin));
}

/** A tapped drop adds one to the count and the combo; a tap beside the drops resets the combo only. */
export type Score = { count: number; combo: number };
export const NO_SCORE: Score = { count: 0, combo: 0 };
export function hitDrop(score: Score): Score {
  return { count: score.count + 1, combo: score.combo + 1 };
}
export function missDrop(score: Score): Score {
  return { count: score.count, combo: 0 };
}

/** Share links per network (spec: facebook, linkedin, twitter, whatsapp, sms, in that order). */
export const SHARE_NETWORKS = ['facebook', 'linkedin', 'twitter', 'whatsapp', 'sms'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export function shareUrl(network: ShareNetwork, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'whatsapp':
      return `https://wa.me/?text=${t}%20${u}`;
    case 'sms':
      return `sms:?body=${t}%20${u}`;
  }
}
