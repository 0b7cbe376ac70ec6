import { describe, expect, it } from 'vitest';
import type { CashRainDuration } from '@app/contracts/cash-rain';
import { chooseSlot, hitDrop, missDrop, NO_SCORE, shareUrl, slotLabel, startTimeOf } from './rain-rules.ts';

const at = (hour: number) => Date.UTC(2026, 10, 26, hour - 3);
const slot = (id: number, status: CashRainDuration['status'], hour: number): CashRainDuration => ({
  id,
  begin: at(hour),
  end: at(hour + 1),
  status,
});

describe('the slot shown', () => {
  it('is the open one first, then the next upcoming, then a finished one', () => {
    expect(chooseSlot([slot(1, -1, 8), slot(2, 1, 12), slot(3, 0, 20)])?.id).toBe(2);
    expect(chooseSlot([slot(1, -1, 8), slot(3, 0, 20), slot(2, 0, 14)])?.id).toBe(2);
    expect(chooseSlot([slot(1, -1, 8), slot(2, -1, 12)])?.id).toBe(1);
    expect(chooseSlot([])).toBeUndefined();
  });

  it('passes over the open rain the member has joined: the next one, never Grab Now again', () => {
    const today = [slot(1, -1, 8), slot(2, 1, 12), slot(3, 0, 20)];
    expect(chooseSlot(today, 2)?.id).toBe(3);
    expect(slotLabel(chooseSlot(today, 2)!, 'Africa/Nairobi').key).toBe('cash_rain.startsAt');
    expect(slotLabel(chooseSlot([slot(1, -1, 8), slot(2, 1, 12)], 2)!, 'Africa/Nairobi').key).toBe(
      'cash_rain.tomorrow',
    );
  });

  it('reads Grab Now when open, its start time when upcoming, See You Tomorrow when finished', () => {
    // Only the upcoming label carries a time: formatting one costs a cheap phone its time-zone data.
    expect(slotLabel(slot(1, 1, 12), 'Africa/Nairobi')).toEqual({ key: 'cash_rain.grab' });
    expect(slotLabel(slot(1, 0, 20), 'Africa/Nairobi')).toEqual({
      key: 'cash_rain.startsAt',
      vars: { time: '20:00' },
    });
    expect(startTimeOf(slot(1, 0, 20), 'Africa/Nairobi')).toBe('20:00');
    expect(slotLabel(slot(1, -1, 8), 'Africa/Nairobi')).toEqual({ key: 'cash_rain.tomorrow' });
  });
});

describe('the score', () => {
  it('adds one to count and combo per drop; a miss resets the combo only', () => {
    const two = hitDrop(hitDrop(NO_SCORE));
    expect(two).toEqual({ count: 2, combo: 2 });
    expect(missDrop(two)).toEqual({ count: 2, combo: 0 });
    expect(hitDrop(missDrop(two))).toEqual({ count: 3, combo: 1 });
  });
});

describe('the share links', () => {
  it('carry the page for each network', () => {
    const url = 'https://win.example/activities/cash-rain';
    expect(shareUrl('facebook', url, 'Hi')).toContain(encodeURIComponent(url));
    expect(shareUrl('whatsapp', url, 'Hi')).toMatch(/^https:\/\/wa\.me\/\?text=Hi/);
    expect(shareUrl('sms', url, 'Hi')).toMatch(/^sms:\?body=Hi/);
  });
});
