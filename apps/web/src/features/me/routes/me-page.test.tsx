// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfile, getToken, onSessionClear, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { MAX_AVATAR_BYTES } from '../api/modify-img.ts';
import { MePage } from './me-page.tsx';

const member = loginAnswer({ money: 123_456, bonusMoney: 5_000, diamond: 12 });

const fetchMock = stubFetch();
let logoutAnswer: () => Response;
let uploadAnswer: () => Response;
let menuAnswer: unknown[];
let infoAnswer: (body: URLSearchParams) => Response;

beforeEach(() => {
  setSettings(kenyaSettings);
  logoutAnswer = () => okEnvelope(null);
  uploadAnswer = () => okEnvelope({ ...member.memberInfo, img: '/uploads/new.webp' });
  menuAnswer = [];
  infoAnswer = (body) => okEnvelope({ ...member.memberInfo, nickName: body.get('nickName') });
  fetchMock.mockImplementation(async (url, init) => {
    if (url.endsWith('/member/logout')) return logoutAnswer();
    if (url.endsWith('/member/modifyImg')) return uploadAnswer();
    if (url.endsWith('/member/modifyMemberInfo')) return infoAnswer(new URLSearchParams(String(init.body)));
    if (url.includes('/cfMenu/queryByPosition')) return okEnvelope(menuAnswer);
    return okEnvelope([]);
  });
});

afterEach(resetAppState);

function renderMe() {
  render(
    <MemoryRouter initialEntries={['/me']}>
      <MePage />
    </MemoryRouter>,
  );
}

describe('MePage', () => {
  it('shows a visitor the login view and no logout', () => {
    renderMe();
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("shows the member's mobile, coins, diamonds and balance with withdraw and deposit", () => {
    setSession(member);
    renderMe();
    const card = screen.getByTestId('profile-card');
    expect(card.textContent).toContain('0712345678');
    expect(card.textContent).toContain('1,234.56');
    expect(card.textContent).toContain('50.00');
    expect(card.textContent).toContain('12');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/withdraw');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposit');
  });

  it('logs out even when the server fails, and toasts the failure', async () => {
    const wallet = vi.fn();
    const unregister = onSessionClear(wallet);
    logoutAnswer = () => envelope({ code: ERRORS.INTERNAL.code, msg: 'boom', data: null }, 500);
    act(() => setSession(member));
    renderMe();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(screen.getByTestId('login-required')).toBeTruthy());
    // The app forgot the session before telling the server, and told it with the session's own token.
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/member-service/member/logout');
    expect(new Headers((logoutCall?.[1] as RequestInit | undefined)?.headers).get('token')).toBe(
      member.token,
    );
    expect(getToken()).toBeUndefined();
    expect(wallet).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Please try again later']),
    );
    unregister();
  });
});

describe('avatar upload', () => {
  const uploads = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/member/modifyImg'));

  /**
   * The browser's `change` of a file input. Not `fireEvent.change`: under preact/compat the testing
   * library renames it to `input`, which compat listens to for text fields but not for file inputs.
   */
  function pick(file: File) {
    const picker = screen.getByTestId('avatar-file');
    Object.defineProperty(picker, 'files', { configurable: true, value: [file] });
    fireEvent(picker, new Event('change', { bubbles: true }));
  }

  function imageOf(bytes: number): File {
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  }

  it('opens a picker for JPEG, PNG and WebP when the avatar is tapped', () => {
    setSession(member);
    renderMe();
    const picker = screen.getByTestId('avatar-file') as HTMLInputElement;
    const click = vi.spyOn(picker, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Change profile picture' }));
    expect(click).toHaveBeenCalledOnce();
    expect(picker.type).toBe('file');
    expect(picker.accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('refuses a file above 10 MB before uploading it', () => {
    setSession(member);
    renderMe();
    pick(imageOf(MAX_AVATAR_BYTES + 1));
    expect(uploads()).toEqual([]);
    expect(getToasts().map((toast) => toast.message)).toEqual(['The file is larger than 10 MB']);
  });

  it('uploads the image as multipart `file` and shows the new avatar at once', async () => {
    setSession(member);
    renderMe();
    const file = imageOf(MAX_AVATAR_BYTES);
    pick(file);

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture' }).getAttribute('src')).toBe(
        '/uploads/new.webp',
      ),
    );
    const [url, init] = uploads()[0] ?? [];
    expect(url).toBe('/api/member-service/member/modifyImg');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBe(file);
    expect(getProfile()?.img).toBe('/uploads/new.webp');
    expect(getToken()).toBe('tok-1');
  });

  it('toasts a refused upload and keeps the old avatar', async () => {
    uploadAnswer = () =>
      envelope({ code: ERRORS.NOT_AN_IMAGE.code, msg: ERRORS.NOT_AN_IMAGE.msg, data: null }, 400);
    setSession(member);
    renderMe();
    pick(imageOf(1000));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Please choose a JPEG, PNG or WebP image']),
    );
    expect(getProfile()?.img).toBe('');
  });
});

const menu = (id: number, title: string, url: string) => ({
  id,
  title,
  url,
  img: '',
  image: '',
  typeId: 130100,
  sort: id,
  content: '',
});

describe('the member menu', () => {
  it('lists settings, FAQ and support once when the operator menu has them too', async () => {
    menuAnswer = [
      menu(1, 'Deposit records', '/account/records/deposit'),
      menu(5, 'FAQ', '/me/faq'),
      menu(6, 'Customer support', '/supports'),
      menu(8, 'Settings', '/me/settings'),
    ];
    setSession(member);
    renderMe();
    await screen.findByRole('link', { name: 'Deposit records' });
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of ['/me/faq', '/supports', '/me/settings', '/password/modify']) {
      expect(
        hrefs.filter((href) => href === path),
        path,
      ).toHaveLength(1);
    }
  });
});

describe('nickname', () => {
  const infoCalls = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/member/modifyMemberInfo'));

  it('checks the rule as the player types, saves through modifyMemberInfo and shows the new name', async () => {
    setSession(member);
    renderMe();
    fireEvent.click(screen.getByRole('button', { name: 'Change nickname' }));
    const field = screen.getByLabelText('Nickname') as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.input(field, { target: { value: '<b>' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'A nickname is 2 to 20 letters or digits (spaces, dots, dashes and underscores allowed)',
    );
    expect(save.disabled).toBe(true);
    fireEvent.input(field, { target: { value: ' Lucky Jo ' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Lucky Jo'));
    expect(new URLSearchParams(String(infoCalls()[0]?.[1].body)).get('nickName')).toBe('Lucky Jo');
    expect(getProfile()?.nickName).toBe('Lucky Jo');
    expect(screen.queryByTestId('nickname-dialog')).toBeNull();
  });

  it('toasts the server’s refusal in the player’s language and keeps the dialog open', async () => {
    infoAnswer = () =>
      envelope({ code: ERRORS.NICKNAME_RULE.code, msg: ERRORS.NICKNAME_RULE.msg, data: null }, 400);
    setSession(member);
    renderMe();
    fireEvent.click(screen.getByRole('button', { name: 'Change nickname' }));
    fireEvent.input(screen.getByLabelText('Nickname'), { target: { value: 'Jo Jo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual([ERRORS.NICKNAME_RULE.msg]),
    );
    expect(screen.getByTestId('nickname-dialog')).toBeTruthy();
    expect(screen.getByTestId('profile-name').textContent).toBe('0712345678');
  });
});
