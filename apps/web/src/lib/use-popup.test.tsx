import { act, render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { releasePopup, requestPopup, resetPopupLock } from './popup-lock.ts';
import { usePopup } from './use-popup.ts';

beforeEach(() => resetPopupLock());

let renders = 0;
function Probe({ id, wanted }: { id: string; wanted: boolean }) {
  renders += 1;
  const visible = usePopup(id, wanted);
  return <p data-testid={id}>{visible ? 'shown' : 'hidden'}</p>;
}

describe('usePopup', () => {
  it('shows the popup that holds the lock and queues the next', () => {
    render(
      <>
        <Probe id="first" wanted />
        <Probe id="second" wanted />
      </>,
    );
    expect(screen.getByTestId('first').textContent).toBe('shown');
    expect(screen.getByTestId('second').textContent).toBe('hidden');
    act(() => releasePopup('first'));
    expect(screen.getByTestId('second').textContent).toBe('shown');
  });

  it('does not re-render a component whose answer stays the same when the lock passes between others', () => {
    render(<Probe id="launch" wanted={false} />);
    const before = renders;
    act(() => {
      requestPopup('daily-bonus');
    });
    act(() => {
      requestPopup('bonus-offer');
      releasePopup('daily-bonus');
    });
    act(() => releasePopup('bonus-offer'));
    expect(renders).toBe(before);
    expect(screen.getByTestId('launch').textContent).toBe('hidden');
  });
});
