import { ERRORS } from '@app/contracts/errors';
import { drawVerifyPath } from '@app/contracts/draws';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { createTranslate } from '../lib/i18n.ts';
import { drawIdFromPath, drawVerifyHref, ticketNoFromSearch } from '../lib/verify-link.ts';
import { en } from '../locales/en.ts';
import { fr } from '../locales/fr.ts';
import { fixtureApi, makeDraw } from '../test/draw-fixtures.ts';
import { DrawPage } from './draw-page.tsx';

afterEach(cleanup);

const t = createTranslate(en);

function stepState(n: number): string | null {
  return screen.getByTestId(`draw-step-${n}`).getAttribute('data-state');
}

describe('the draw verification address', () => {
  it('is built by the contracts’ helper and read back by the page', () => {
    expect(drawVerifyPath(42)).toBe('/game-center/fair/draw/42');
    expect(drawVerifyPath(42, 7)).toBe('/game-center/fair/draw/42?ticketNo=7');
    const address = new URL(drawVerifyPath(42, 7), 'https://example.test');
    expect(drawIdFromPath(address.pathname)).toBe(42);
    expect(ticketNoFromSearch(address.search)).toBe(7);
    expect(drawIdFromPath('/game-center/fair/draw/42/')).toBe(42);
    for (const bad of [
      '/game-center/fair',
      '/game-center/fair/draw/0',
      '/game-center/fair/draw/1e3',
      '/game-center/fair/draw/-1',
    ])
      expect(drawIdFromPath(bad), bad).toBeUndefined();
    expect(ticketNoFromSearch('?ticketNo=0')).toBeUndefined();
    expect(ticketNoFromSearch('?ticketNo=9999999999')).toBeUndefined();
    expect(drawVerifyHref(42, 'fr')).toBe('/game-center/fair/draw/42?lang=fr');
  });
});

describe('the draw verification page', () => {
  it('checks a drawn lottery draw step by step, the player’s ticket from the address included', async () => {
    const fixture = makeDraw();
    render(<DrawPage t={t} language="en" drawId={42} search="?ticketNo=3" api={fixtureApi(fixture)} />);

    await waitFor(() => expect(screen.getByTestId('draw-verdict').getAttribute('data-state')).toBe('pass'));
    expect(stepState(1)).toBe('pass');
    expect(screen.getByTestId('draw-round').textContent).toBe(String(fixture.draw.beaconRound));
    expect(screen.getByTestId('draw-check-round').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('draw-check-after-close').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('draw-check-closed-before').getAttribute('data-ok')).toBe('true');

    // The ticket of the link is checked at once.
    expect(stepState(2)).toBe('pass');
    expect((screen.getByTestId('draw-ticket-input') as HTMLInputElement).value).toBe('3');
    expect(screen.getByTestId('draw-ticket-line').textContent).toBe(fixture.lines[2]);
    expect(screen.getByTestId('draw-check-in-root').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('draw-root').getAttribute('data-value')).toBe(fixture.draw.ticketRoot);

    expect(stepState(3)).toBe('pass');
    expect(screen.getByTestId('draw-chain-name').textContent).toBe('test beacon (simulator)');
    expect(screen.getByTestId('draw-check-signature').getAttribute('data-ok')).toBe('true');

    expect(stepState(4)).toBe('pass');
    const { red, blue } = fixture.draw.outcome as { red: number[]; blue: number };
    const numbers = `${red.map((n) => String(n).padStart(2, '0')).join(' ')}+${String(blue).padStart(2, '0')}`;
    expect(screen.getByTestId('draw-outcome-recomputed').getAttribute('data-value')).toBe(numbers);
    expect(screen.getByTestId('draw-outcome-published').getAttribute('data-value')).toBe(numbers);
  });

  it('recomputes the whole list on demand and shows a hash in full on demand', async () => {
    const fixture = makeDraw({ product: 'lucky-refund' });
    const api = fixtureApi(fixture);
    render(<DrawPage t={t} language="en" drawId={42} search="" api={api} />);
    await screen.findByTestId('draw-list-check');
    expect(stepState(2)).toBe('idle');
    fireEvent.click(screen.getByTestId('draw-list-check'));
    await waitFor(() =>
      expect(screen.getByTestId('draw-list-result').getAttribute('data-state')).toBe('pass'),
    );
    expect(api.ticketCalls).toBe(1);
    expect(screen.getByTestId('draw-list-root').getAttribute('data-value')).toBe(fixture.draw.ticketRoot);
    expect(stepState(2)).toBe('pass');

    const root = screen.getByTestId('draw-root');
    expect(root.textContent).toContain('…');
    fireEvent.click(root.parentElement!.querySelector('[aria-expanded]')!);
    expect(root.textContent).toBe(fixture.draw.ticketRoot);
  });

  it('shows a raffle’s winners, the player’s winning ticket, and fails a tampered outcome', async () => {
    const fixture = makeDraw({ product: 'cash-draw', winners: 2 });
    const winners = (fixture.draw.outcome as { winners: number[] }).winners;
    const { unmount } = render(
      <DrawPage
        t={t}
        language="en"
        drawId={42}
        search={`?ticketNo=${winners[0]}`}
        api={fixtureApi(fixture)}
      />,
    );
    await waitFor(() => expect(stepState(4)).toBe('pass'));
    expect(screen.getByTestId('draw-outcome-recomputed').getAttribute('data-value')).toBe(winners.join(','));
    await screen.findByTestId('draw-ticket-wins');
    unmount();

    const tampered = { ...fixture, draw: { ...fixture.draw, outcome: { winners: [...winners].reverse() } } };
    render(<DrawPage t={t} language="en" drawId={42} search="" api={fixtureApi(tampered)} />);
    await waitFor(() => expect(screen.getByTestId('draw-verdict').getAttribute('data-state')).toBe('fail'));
    expect(stepState(4)).toBe('fail');
    expect(screen.getByTestId('draw-check-outcome').textContent).toContain('this does not hold');
  });

  it('fails a forged beacon signature', async () => {
    const fixture = makeDraw();
    const forged = {
      ...fixture,
      draw: { ...fixture.draw, beaconSignature: makeDraw({ chain: 'quicknet' }).draw.beaconSignature },
    };
    render(<DrawPage t={t} language="en" drawId={42} search="" api={fixtureApi(forged)} />);
    await waitFor(() => expect(stepState(3)).toBe('fail'));
    expect(screen.getByTestId('draw-check-signature').getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('draw-verdict').getAttribute('data-state')).toBe('fail');
  });

  it('shows steps 2 to 4 waiting with their times while sales are open', async () => {
    render(
      <DrawPage
        t={t}
        language="en"
        drawId={42}
        search="?ticketNo=2"
        api={fixtureApi(makeDraw({ stage: 'open' }))}
      />,
    );
    await screen.findByTestId('draw-list-waiting');
    expect(stepState(1)).toBe('pass');
    for (const n of [2, 3, 4]) expect(stepState(n)).toBe('waiting');
    expect(screen.getByTestId('draw-list-waiting').textContent).toMatch(/committed when sales close, .*2026/);
    expect(screen.getByTestId('draw-beacon-waiting').textContent).toMatch(/^Round \d+ is published/);
    expect(screen.getByTestId('draw-verdict').getAttribute('data-state')).toBe('waiting');
    expect(screen.queryByTestId('draw-ticket-input')).toBeNull();
  });

  it('says why a closed draw waits for its beacon, in the player’s language', async () => {
    const fixture = makeDraw({ stage: 'delayed' });
    render(
      <DrawPage t={createTranslate(fr)} language="fr" drawId={42} search="" api={fixtureApi(fixture)} />,
    );
    const waiting = await screen.findByTestId('draw-beacon-waiting');
    expect(waiting.textContent).toBe(`En attente de l’aléa public : ${fixture.draw.delayReason}`);
    expect(stepState(2)).toBe('idle');
    expect(stepState(3)).toBe('waiting');
    expect(stepState(4)).toBe('waiting');
  });

  it('says when there is no such draw, and when a ticket number is out of the list', async () => {
    const fixture = makeDraw();
    const missing = {
      ...fixtureApi(fixture),
      draw: () => Promise.reject(new ApiError(ERRORS.DRAW_NOT_FOUND.code, ERRORS.DRAW_NOT_FOUND.msg)),
      // Whichever answers first, the draw's own answer is the one said.
      chain: () => Promise.reject(new ApiError(ERRORS.INTERNAL.code, ERRORS.INTERNAL.msg)),
    };
    const { unmount } = render(
      <DrawPage t={createTranslate(fr)} language="fr" drawId={9} search="" api={missing} />,
    );
    expect((await screen.findByTestId('draw-failed')).textContent).toContain(
      'Aucun tirage ne porte ce numéro.',
    );
    unmount();

    render(<DrawPage t={t} language="en" drawId={42} search="" api={fixtureApi(fixture)} />);
    const input = await screen.findByTestId('draw-ticket-input');
    fireEvent.input(input, { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('draw-ticket-check'));
    expect(screen.getByTestId('draw-ticket-problem').textContent).toBe('Enter a ticket number from 1 to 5.');
  });
});

describe('the bet verifier', () => {
  it('links to a draw’s page by its number, in the language of its address', async () => {
    const { VerifyPage } = await import('./verify-page.tsx');
    render(<VerifyPage t={t} language="fr" search="?lang=fr" />);
    const open = screen.getByTestId('verify-draw-open');
    expect(open.getAttribute('href')).toBeNull();
    fireEvent.input(screen.getByTestId('verify-draw-number'), { target: { value: '17' } });
    expect(screen.getByTestId('verify-draw-open').getAttribute('href')).toBe(
      '/game-center/fair/draw/17?lang=fr',
    );
  });
});
