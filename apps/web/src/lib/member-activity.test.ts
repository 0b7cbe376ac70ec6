// @vitest-environment jsdom
import type { Notice } from '@app/contracts/message';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, loginAnswer, okEnvelope, stubFetch } from '../test/fixtures.ts';
import { formatBadge } from './badge.ts';
import {
  dismissOneDeviceNotice,
  getNotices,
  getUnreadCount,
  isOneDeviceNoticeDue,
  isQuietPath,
  markOneDeviceTold,
  onNewMessage,
  setActivityPath,
  setUnreadCount,
  startMemberActivity,
  stopMemberActivity,
} from './member-activity.ts';
import { clearSession, setSession } from './session.ts';

const NOTICES: Notice[] = [
  { id: 1, type: 1, message: 'Deposits are instant' },
  { id: 2, type: 2, message: '', mobile: '0712****78', amount: 150_000 },
];

/** An API failure: HTTP `status` with a non-zero `code` and no data. */
const failure = (status: number, code: number) => envelope({ code, msg: 'boom', data: null }, status);

type Answers = { notices: () => Response; count: () => Response; kickOut: () => Response };
let answers: Answers;
const fetchMock = stubFetch();

const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part)).length;
const rounds = () => calls('/memberMessage/notices');

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  answers = {
    notices: () => okEnvelope(NOTICES),
    count: () => okEnvelope({ total: 3 }),
    kickOut: () => okEnvelope({ kickedOut: false }),
  };
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('/memberMessage/notices')) return answers.notices();
    if (url.includes('/queryNewMessageCount')) return answers.count();
    if (url.includes('/game-kick-out')) return answers.kickOut();
    return failure(404, 1003);
  });
  setSession(loginAnswer());
  setActivityPath('/home');
});

afterEach(() => {
  stopMemberActivity();
  clearSession();
  setHidden(false);
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('member activity polling', () => {
  it('asks for notices, the unread count and the one-device check at once, then every 10 s', async () => {
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds()).toBe(1);
    expect(calls('/queryNewMessageCount')).toBe(1);
    expect(calls('/utils/sync/game-kick-out')).toBe(1);
    expect(fetchMock.mock.calls.find(([url]) => url.includes('game-kick-out'))?.[1].method).toBe('POST');
    expect(getNotices()).toEqual(NOTICES);
    expect(getUnreadCount()).toBe(3);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(rounds()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds()).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(rounds()).toBe(4);
  });

  it.each(['/login', '/register', '/casino/launch/42'])(
    'asks nothing on %s, and catches up on leaving',
    async (path) => {
      setActivityPath(path);
      startMemberActivity();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fetchMock).not.toHaveBeenCalled();

      setActivityPath('/home');
      await vi.advanceTimersByTimeAsync(0);
      expect(rounds()).toBe(1);
    },
  );

  it('knows the quiet routes', () => {
    expect(isQuietPath('/login')).toBe(true);
    expect(isQuietPath('/casino/launch/7')).toBe(true);
    expect(isQuietPath('/casino/demo/7')).toBe(false);
    expect(isQuietPath('/loginx')).toBe(false);
    expect(isQuietPath('/home')).toBe(false);
  });

  it('shows the stored copies when the calls fail, and only logs', async () => {
    // Left by an earlier visit.
    localStorage.setItem('member:notices', JSON.stringify(NOTICES));
    localStorage.setItem('member:unread', '3');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answers = {
      notices: () => failure(500, 9999),
      count: () => new Response('not json', { status: 502 }),
      kickOut: () => {
        throw new TypeError('Failed to fetch');
      },
    };
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds()).toBe(2);
    expect(getNotices()).toEqual(NOTICES);
    expect(getUnreadCount()).toBe(3);
    expect(warn).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('member:notices') ?? 'null')).toEqual(NOTICES);
  });

  it('keeps what it showed when a later round fails', async () => {
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answers.notices = () => failure(500, 9999);
    answers.count = () => failure(500, 9999);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds()).toBe(2);
    expect(getNotices()).toEqual(NOTICES);
    expect(getUnreadCount()).toBe(3);
  });

  it('pauses while the page is hidden and resumes when it is shown', async () => {
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rounds()).toBe(1);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds()).toBe(2);
  });

  it('tells about a second device once per login session, then stops asking', async () => {
    answers.kickOut = () => okEnvelope({ kickedOut: true });
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOneDeviceNoticeDue()).toBe(true);
    dismissOneDeviceNotice();

    await vi.advanceTimersByTimeAsync(30_000);
    expect(isOneDeviceNoticeDue()).toBe(false);
    expect(calls('game-kick-out')).toBe(1);

    // A reload of the same session: still told.
    stopMemberActivity();
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOneDeviceNoticeDue()).toBe(false);

    // A new login is a new session.
    stopMemberActivity();
    setSession(loginAnswer({ token: 'tok-2' }));
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOneDeviceNoticeDue()).toBe(true);
  });

  it('does not tell a session again that a game page has told already', async () => {
    answers.kickOut = () => okEnvelope({ kickedOut: true });
    markOneDeviceTold();
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOneDeviceNoticeDue()).toBe(false);
    expect(calls('game-kick-out')).toBe(0);

    // A new login is a new session.
    stopMemberActivity();
    setSession(loginAnswer({ token: 'tok-2' }));
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOneDeviceNoticeDue()).toBe(true);
  });

  it('reports a rising unread count, not the first answer nor a fall', async () => {
    const arrived = vi.fn();
    const unsubscribe = onNewMessage(arrived);
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(arrived).not.toHaveBeenCalled();

    answers.count = () => okEnvelope({ total: 4 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(arrived).toHaveBeenCalledWith(4);

    setUnreadCount(0);
    answers.count = () => okEnvelope({ total: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(arrived).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('shows a count above 99 as +99', async () => {
    answers.count = () => okEnvelope({ total: 150 });
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(formatBadge(getUnreadCount())).toBe('+99');
  });

  it('stops and forgets everything at logout', async () => {
    startMemberActivity();
    await vi.advanceTimersByTimeAsync(0);
    clearSession();
    expect(getNotices()).toEqual([]);
    expect(getUnreadCount()).toBe(0);
    expect(localStorage.getItem('member:notices')).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(rounds()).toBe(1);
  });
});
