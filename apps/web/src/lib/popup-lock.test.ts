import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getPopupHolder,
  lockPopup,
  releasePopup,
  requestPopup,
  resetPopupLock,
  subscribePopup,
} from './popup-lock.ts';

beforeEach(() => resetPopupLock());

describe('popup lock', () => {
  it('gives the lock to the first popup only', () => {
    expect(requestPopup('advert')).toBe(true);
    expect(requestPopup('install')).toBe(false);
    expect(getPopupHolder()).toBe('advert');
  });

  it('is re-entrant for the holder', () => {
    requestPopup('advert');
    expect(requestPopup('advert')).toBe(true);
  });

  it('hands the lock to queued popups in order on release', () => {
    requestPopup('advert');
    requestPopup('install');
    requestPopup('login');
    releasePopup('advert');
    expect(getPopupHolder()).toBe('install');
    releasePopup('install');
    expect(getPopupHolder()).toBe('login');
    releasePopup('login');
    expect(getPopupHolder()).toBeNull();
  });

  it('drops a skipping popup instead of queueing it', () => {
    requestPopup('advert');
    expect(requestPopup('promo', 'skip')).toBe(false);
    releasePopup('advert');
    expect(getPopupHolder()).toBeNull();
  });

  it('lets a waiting popup leave the line', () => {
    requestPopup('advert');
    requestPopup('install');
    releasePopup('install');
    releasePopup('advert');
    expect(getPopupHolder()).toBeNull();
  });

  it('notifies subscribers when the holder changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribePopup(listener);
    requestPopup('advert');
    releasePopup('advert');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    requestPopup('advert');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("raises '{locker} is locked' for a popup that cannot wait while another holds the lock", () => {
    requestPopup('popup-advert');
    expect(() => lockPopup('lucky-refund-countdown')).toThrow('popup-advert is locked');
    expect(getPopupHolder()).toBe('popup-advert');
    releasePopup('popup-advert');
    lockPopup('lucky-refund-countdown');
    expect(getPopupHolder()).toBe('lucky-refund-countdown');
    // The holder may take it again; the others wait behind it as usual.
    lockPopup('lucky-refund-countdown');
    expect(requestPopup('popup-advert')).toBe(false);
    releasePopup('lucky-refund-countdown');
    expect(getPopupHolder()).toBe('popup-advert');
  });
});
