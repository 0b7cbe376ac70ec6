// @vitest-environment jsdom
import type { MenuItem } from '@app/contracts/config';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuGrid, visibleMenus } from './menu-grid.tsx';

const menu = (id: number, url = `/m${id}`): MenuItem => ({
  id,
  title: `Menu ${id}`,
  url,
  img: `/statics/menus/${id}.svg`,
  image: `/statics/menus/${id}.svg`,
  typeId: 100102,
  sort: id,
  content: '',
});

afterEach(cleanup);

describe('visibleMenus', () => {
  it('shows up to five entries as they are', () => {
    expect(visibleMenus([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], hasMore: false });
  });

  it('shows four and a More when there are more than five', () => {
    expect(visibleMenus([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], hasMore: true });
  });
});

describe('MenuGrid', () => {
  it('links entries, caps the inbox badge and opens the drawer from More', () => {
    const onMore = vi.fn();
    const menus = [menu(1), menu(2, '/member/messages'), menu(3), menu(4), menu(5), menu(6)];
    render(
      <MemoryRouter>
        <MenuGrid menus={menus} unreadMessages={120} onMore={onMore} layout="round" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation');
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
    expect(
      within(nav)
        .getByRole('link', { name: /Menu 2/ })
        .getAttribute('href'),
    ).toBe('/member/messages');
    expect(within(nav).getByText('+99')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'More' }));
    expect(onMore).toHaveBeenCalledOnce();
  });

  it('puts the unread count on More when the inbox entry is behind it', () => {
    const menus = [menu(1), menu(2), menu(3), menu(4), menu(5), menu(6, '/member/messages')];
    const { rerender } = render(
      <MemoryRouter>
        <MenuGrid menus={menus} unreadMessages={3} onMore={vi.fn()} layout="round" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('menu-more-badge').textContent).toBe('3');
    rerender(
      <MemoryRouter>
        <MenuGrid menus={menus} unreadMessages={0} onMore={vi.fn()} layout="round" />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('menu-more-badge')).toBeNull();
  });
});
