// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOneDeviceNoticeDue, startMemberActivity } from '../../../lib/member-activity.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { CasinoPage } from './casino-page.tsx';

const fetchMock = stubFetch();
const PROVIDER = 'https://games.provider.test';

beforeEach(() => {
  setSettings(kenyaSettings);
});

afterEach(async () => {
  await resetAppState();
});

function renderCasino(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/casino/launch/:id" element={<CasinoPage mode="launch" />} />
        <Route path="/casino/demo/:id" element={<CasinoPage mode="demo" />} />
        <Route path="/deposit" element={<p>deposit page</p>} />
        <Route path="/home" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function post(data: unknown, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const frameSrc = () => (screen.getByTestId('game-frame') as HTMLIFrameElement).getAttribute('src');

describe('CasinoPage', () => {
  it('plays a demo in the full-screen frame, warns that demo money cannot be withdrawn, shows no deposit shortcut', async () => {
    fetchMock.mockImplementation(async () => okEnvelope({ url: '/game-center/games/demo/3?session=abc' }));
    renderCasino('/casino/demo/3?show=1&top=40&bottom=50');
    expect((await screen.findByTestId('demo-warning')).textContent).toContain('cannot be withdrawn');
    const frame = (await screen.findByTestId('game-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/game-center/games/demo/3?session=abc');
    expect(frame.style.top).toBe('40px');
    expect(frame.style.left).toBe('0px');
    // Sized, not stretched between insets (a frame keeps its default 300 × 150 otherwise).
    expect(frame.style.width).toBe('calc(100% - 0px)');
    expect(frame.style.height).toBe('calc(100% - 90px)');
    expect(screen.queryByTestId('deposit-shortcut')).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(String(init.body)).toBe('id=3&mode=demo');
  });

  it('asks to top up first when the balance is below the stake, and goes to the deposit page', async () => {
    setSession(loginAnswer());
    fetchMock.mockImplementation(async () =>
      envelope({ code: 5004, msg: 'Please top up first', data: null }, 409),
    );
    renderCasino('/casino/launch/3');
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Please top up first');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('deposit page')).toBeTruthy();
  });

  it("answers the frame's 'in other games' with the kick-out sync and a reload, from trusted origins only", async () => {
    setSession(loginAnswer());
    let kickOutCalls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('game-kick-out')) {
        kickOutCalls += 1;
        return okEnvelope({ kickedOut: false });
      }
      return okEnvelope({ url: `${PROVIDER}/hub88/games/launch?token=t&game_code=x` });
    });
    renderCasino('/casino/launch/8?show=1&refresh=1');
    const first = await screen.findByTestId('game-frame');
    expect(screen.getByTestId('deposit-shortcut')).toBeTruthy();

    post('in other games', 'https://evil.test');
    await act(() => Promise.resolve());
    expect(kickOutCalls).toBe(0);

    post('in other games', PROVIDER);
    await waitFor(() => expect(screen.getByTestId('game-frame')).not.toBe(first));
    expect(kickOutCalls).toBe(1);
    expect(frameSrc()).toContain(PROVIDER);
  });

  it('tells a device that lost the right to bet, and blanks the game', async () => {
    setSession(loginAnswer());
    fetchMock.mockImplementation(async (url) =>
      url.includes('game-kick-out')
        ? okEnvelope({ kickedOut: true })
        : okEnvelope({ url: '/game-center/games/launch/2?session=s' }),
    );
    renderCasino('/casino/launch/2');
    await screen.findByTestId('game-frame');
    post({ message: 'in other games' }, window.location.origin);
    expect((await screen.findByTestId('casino-one-device')).textContent).toContain(
      'We support only one device to bet at the same time',
    );
    expect(screen.queryByTestId('game-frame')).toBeNull();

    // Told once: the app's own one-device check does not tell this login session again afterwards.
    startMemberActivity();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('notices'))).toBe(true),
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('game-kick-out'))).toHaveLength(1);
    expect(isOneDeviceNoticeDue()).toBe(false);
  });

  it('opens the nested deposit from the shortcut, closes it on its message and reloads the frame with refresh=1', async () => {
    setSession(loginAnswer());
    fetchMock.mockImplementation(async () => okEnvelope({ url: '/game-center/games/launch/2?session=s' }));
    renderCasino('/casino/launch/2?show=1&refresh=1');
    const first = await screen.findByTestId('game-frame');
    fireEvent.click(screen.getByTestId('deposit-shortcut'));
    const layer = await screen.findByTestId('nested-deposit-layer');
    expect(layer.querySelector('iframe')?.getAttribute('src')).toBe('/nested-deposit');

    // Another site cannot close it.
    post({ type: 'nested-deposit:close' }, 'https://evil.test');
    expect(screen.getByTestId('nested-deposit-layer')).toBeTruthy();

    post({ type: 'nested-deposit:close' }, window.location.origin);
    expect(screen.queryByTestId('nested-deposit-layer')).toBeNull();
    expect(screen.getByTestId('game-frame')).not.toBe(first);
  });

  it('keeps the frame as it is after the nested deposit closes without refresh=1', async () => {
    setSession(loginAnswer());
    fetchMock.mockImplementation(async () => okEnvelope({ url: '/game-center/games/launch/2?session=s' }));
    renderCasino('/casino/launch/2?show=1');
    const first = await screen.findByTestId('game-frame');
    fireEvent.click(screen.getByTestId('deposit-shortcut'));
    post({ type: 'nested-deposit:close' }, window.location.origin);
    expect(screen.queryByTestId('nested-deposit-layer')).toBeNull();
    expect(screen.getByTestId('game-frame')).toBe(first);
  });

  it('blanks the frame when the player leaves the page', async () => {
    fetchMock.mockImplementation(async () => okEnvelope({ url: '/game-center/games/demo/3?session=abc' }));
    const view = renderCasino('/casino/demo/3');
    const frame = (await screen.findByTestId('game-frame')) as HTMLIFrameElement;
    view.unmount();
    expect(frame.getAttribute('src')).toBe('about:blank');
  });

  it('sends a malformed address home', async () => {
    renderCasino('/casino/demo/abc');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
