// @vitest-environment jsdom
import type { Notice } from '@app/contracts/message';
import { act, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMemberActivity, stopMemberActivity } from '../../../lib/member-activity.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { NoticeTicker } from './notice-ticker.tsx';

const NOTICES: Notice[] = [
  { id: 1, type: 1, message: 'Deposits are instant with M-PESA' },
  { id: 2, type: 2, message: 'ignored', mobile: '0712****78', amount: 1_234_500 },
  { id: 3, type: 1, message: 'Weekend cash back' },
];

const fetchMock = stubFetch();
let notices: Notice[] = NOTICES;
const shown = () => screen.getByTestId('notice-ticker').querySelector('p')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(kenyaSettings);
  notices = NOTICES;
  fetchMock.mockImplementation(async (url) =>
    okEnvelope(
      url.includes('/notices') ? notices : url.includes('Count') ? { total: 0 } : { kickedOut: false },
    ),
  );
});

afterEach(async () => {
  stopMemberActivity();
  await resetAppState();
});

async function renderForMember() {
  setSession(loginAnswer());
  render(<NoticeTicker />);
  await act(() => startMemberActivity());
  await advanceFakeTime(0);
}

describe('NoticeTicker', () => {
  it('renders nothing, and takes no space, for a visitor', async () => {
    const { container } = render(<NoticeTicker />);
    await advanceFakeTime(30_000);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for a member without notices', async () => {
    notices = [];
    await renderForMember();
    expect(screen.queryByTestId('notice-ticker')).toBeNull();
  });

  it('shows one notice at a time, the next every 5 s, winners with their amount', async () => {
    await renderForMember();
    expect(shown()).toBe('Deposits are instant with M-PESA');
    await advanceFakeTime(4_999);
    expect(shown()).toBe('Deposits are instant with M-PESA');
    await advanceFakeTime(1);
    expect(shown()).toBe('0712****78 won KES 12,345.00');
    await advanceFakeTime(5_000);
    expect(shown()).toBe('Weekend cash back');
    await advanceFakeTime(5_000);
    expect(shown()).toBe('Deposits are instant with M-PESA');
  });

  it('keeps its place when a poll brings the same notices again', async () => {
    await renderForMember();
    await advanceFakeTime(5_000);
    expect(shown()).toBe('0712****78 won KES 12,345.00');
    // The 10 s poll answers at the same moment as the second swipe.
    await advanceFakeTime(5_000);
    expect(shown()).toBe('Weekend cash back');
  });
});
