// @vitest-environment jsdom
import type { InboxMessage } from '@app/contracts/message';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getUnreadCount, setUnreadCount } from '../../../lib/member-activity.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { MemberMessagesPage, SystemMessagesPage } from './messages-page.tsx';

const message = (id: number, isRead = false): InboxMessage => ({
  id,
  title: `Title ${id}`,
  content: `Content of message ${id}`,
  isRead,
  createTime: new Date(Date.UTC(2026, 0, 1, 12) - id * 60_000).toISOString(),
});

/** 25 messages, newest (highest id) first; 1 and 2 unread. */
let inbox: InboxMessage[] = [];
const fetchMock = stubFetch();

function answer(url: string, init: RequestInit): Response {
  const { pathname, searchParams } = new URL(url, 'http://test');
  if (pathname.endsWith('/queryMessageByUid') || pathname.endsWith('/systemMessage/queryMessage')) {
    const page = Number(searchParams.get('page'));
    const size = Number(searchParams.get('size'));
    return okEnvelope({ list: inbox.slice((page - 1) * size, page * size), total: inbox.length, page, size });
  }
  if (pathname.endsWith('/memberMessage/delete')) {
    inbox = inbox.filter((item) => item.id !== Number(searchParams.get('id')));
    return okEnvelope(null);
  }
  if (pathname.endsWith('/batchRead')) {
    expect(init.body).toBeUndefined();
    return okEnvelope(null);
  }
  return okEnvelope(null);
}

const requested = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part));

beforeEach(() => {
  setSettings(kenyaSettings);
  inbox = Array.from({ length: 25 }, (_, index) => message(index + 1, index + 1 > 2));
  fetchMock.mockImplementation(async (url, init) => answer(url, init));
  setSession(loginAnswer());
  setUnreadCount(2);
});

afterEach(resetAppState);

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/member/messages" element={<MemberMessagesPage />} />
        <Route path="/system/messages" element={<SystemMessagesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const items = () => screen.getAllByTestId('message-item');

describe('MemberMessagesPage', () => {
  it('lists 20 newest first with unread dots, and loads more', async () => {
    renderAt('/member/messages');
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(requested('/queryMessageByUid')[0]?.[0]).toContain('page=1&size=20');
    expect(items()[0]?.textContent).toContain('Title 1');
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(25));
    expect(requested('/queryMessageByUid')[1]?.[0]).toContain('page=2&size=20');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a message and marks it read', async () => {
    renderAt('/member/messages');
    await waitFor(() => expect(items()).toHaveLength(20));
    fireEvent.click(within(items()[0] as HTMLElement).getByRole('button', { name: /Title 1/ }));

    expect(screen.getByText('Content of message 1', { selector: 'p' })).toBeTruthy();
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(1);
    expect(getUnreadCount()).toBe(1);
    const [, init] = requested('/memberMessage/singleRead')[0] ?? [];
    expect(String(init?.body)).toBe('id=1');
  });

  it('opens the page a message leads to: an appeal’s answer, its timeline', async () => {
    inbox[0] = { ...message(1), title: 'Your deposit appeal', link: '/feedback/timeline/7' };
    render(
      <MemoryRouter initialEntries={['/member/messages']}>
        <Routes>
          <Route path="/member/messages" element={<MemberMessagesPage />} />
          <Route path="/feedback/timeline/:id" element={<p>Timeline page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(items()).toHaveLength(20));
    fireEvent.click(within(items()[1] as HTMLElement).getByRole('button', { name: /Title 2/ }));
    expect(screen.queryByRole('link', { name: 'See details' })).toBeNull();

    fireEvent.click(within(items()[0] as HTMLElement).getByRole('button', { name: /Your deposit appeal/ }));
    fireEvent.click(screen.getByRole('link', { name: 'See details' }));
    expect(await screen.findByText('Timeline page')).toBeTruthy();
  });

  it('marks all read', async () => {
    renderAt('/member/messages');
    await waitFor(() => expect(items()).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(requested('/batchRead')).toHaveLength(1);
    expect(getUnreadCount()).toBe(0);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('deletes a message after a confirm', async () => {
    renderAt('/member/messages');
    await waitFor(() => expect(items()).toHaveLength(20));
    fireEvent.click(within(items()[0] as HTMLElement).getByRole('button', { name: /Title 1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Delete this message?');
    expect(requested('/memberMessage/delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(items()).toHaveLength(19));
    expect(requested('/memberMessage/delete')[0]?.[0]).toContain('id=1');
    expect(screen.queryByText('Title 1')).toBeNull();
    expect(getToasts().map((toast) => toast.message)).toEqual(['Message deleted']);
  });

  it('says so when there are no messages', async () => {
    inbox = [];
    setUnreadCount(0);
    renderAt('/member/messages');
    expect((await screen.findByTestId('messages-empty')).textContent).toBe('You have no messages yet.');
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});

describe('SystemMessagesPage', () => {
  it('sends WinSlots players to their inbox', async () => {
    renderAt('/system/messages');
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(requested('/systemMessage/queryMessage')).toHaveLength(0);
  });

  it('lists system messages on LuckyWin, read with systemMessage/singleRead, no delete', async () => {
    setSettings({ ...kenyaSettings, theme: 'luckywin' });
    renderAt('/system/messages');
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(screen.getByTestId('inbox-unread-dot')).toBeTruthy();
    fireEvent.click(within(items()[1] as HTMLElement).getByRole('button', { name: /Title 2/ }));
    expect(requested('/systemMessage/singleRead')).toHaveLength(1);
    expect(getUnreadCount()).toBe(2);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});
