import type { PlayResult, Round } from '@app/contracts/inhouse';
import {
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minesMaxReveals,
  minesMultiplier,
  minesRules,
} from '@app/fair/mines';
import { formatMultiplier, payoutOf } from '@app/fair/payout';
import { useEffect, useState } from 'preact/hooks';
import { countOptions, countsBetween, SelectField } from '../../frame/choice.tsx';
import type { GameContext } from '../../frame/game-module.ts';
import { PlayButton } from '../../frame/play-button.tsx';
import { RulesCommon, RulesList } from '../../frame/rules-common.tsx';
import { StakeField } from '../../frame/stake-field.tsx';
import { wait } from '../../lib/motion.ts';
import './mines.css';

/** An open round shows only its revealed tiles; a settled one also where the mines were (and the hit). */
type MinesView = { revealed: number[]; mines?: number[]; hit?: number };

type Play = {
  round: Round;
  mines: number;
  view: MinesView;
};

const DEFAULT_MINES = 3;
const REVEAL_MS = 220;
const MINES_OPTIONS = countOptions(countsBetween(MINES_MIN, MINES_MAX));
const RULES = ['mines.rules.1', 'mines.rules.2', 'mines.rules.3', 'mines.rules.4', 'mines.rules.5'] as const;

function viewOf(round: Round): MinesView {
  const outcome = (round.outcome ?? {}) as Partial<MinesView>;
  return {
    revealed: Array.isArray(outcome.revealed) ? outcome.revealed : [],
    ...(Array.isArray(outcome.mines) ? { mines: outcome.mines } : {}),
    ...(typeof outcome.hit === 'number' ? { hit: outcome.hit } : {}),
  };
}

function minesOf(round: Round): number {
  const value = Number((round.options as { mines?: unknown }).mines);
  return Number.isInteger(value) && value >= MINES_MIN && value <= MINES_MAX ? value : DEFAULT_MINES;
}

/**
 * Mines: choose how many mines hide among 25 tiles, start (the stake is taken and the server fixes the
 * layout), open tiles one by one, and cash out before a mine. An unfinished round comes back with the page.
 */
export default function MinesGame({ ctx }: { ctx: GameContext }) {
  const { t, api, stake, format, sound, session, reducedMotion } = ctx;
  const [mines, setMines] = useState(() => (session.openRound ? minesOf(session.openRound) : DEFAULT_MINES));
  const [play, setPlay] = useState<Play | undefined>(() =>
    session.openRound
      ? { round: session.openRound, mines: minesOf(session.openRound), view: viewOf(session.openRound) }
      : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<number | undefined>();
  const [resumed, setResumed] = useState(Boolean(session.openRound));
  const [shake, setShake] = useState(false);

  const open = play?.round.state === 'open';
  const { setInPlay } = ctx;
  useEffect(() => setInPlay(open), [open, setInPlay]);

  const revealedCount = play?.view.revealed.length ?? 0;
  const roundMines = play?.mines ?? mines;
  const maxReveals = minesMaxReveals(roundMines);
  const current = open && revealedCount > 0 ? minesMultiplier(roundMines, revealedCount) : undefined;
  const next = revealedCount < maxReveals ? minesMultiplier(roundMines, revealedCount + 1) : undefined;
  const roundStake = play?.round.stake ?? stake;

  /** A round ended (a mine, a cash-out, or every safe tile): show the board, then the balance. */
  const finish = async (result: PlayResult) => {
    const view = viewOf(result.round);
    setPlay({ round: result.round, mines: roundMines, view });
    const hitMine = result.round.payout === 0;
    sound.play(hitMine ? 'mine' : 'big-win');
    if (hitMine && !reducedMotion) {
      setShake(true);
      await wait(400);
      setShake(false);
    }
    ctx.revealed(result);
  };

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setResumed(false);
    sound.play('click');
    try {
      const result = await api.minesStart(stake, mines);
      ctx.placed(result);
      setPlay({ round: result.round, mines, view: viewOf(result.round) });
    } catch (error) {
      ctx.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const reveal = async (tile: number) => {
    if (!play || !open || busy || play.view.revealed.includes(tile)) return;
    setBusy(true);
    setPending(tile);
    setResumed(false);
    sound.play('tick');
    try {
      const [result] = await Promise.all([
        api.minesReveal(play.round.id, tile),
        wait(reducedMotion ? 0 : REVEAL_MS),
      ]);
      setPending(undefined);
      if (result.round.state === 'open') {
        sound.play('reveal');
        setPlay({ ...play, round: result.round, view: viewOf(result.round) });
      } else {
        await finish(result);
      }
    } catch (error) {
      setPending(undefined);
      ctx.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const cashOut = async () => {
    if (!play || !open || busy || revealedCount === 0) return;
    setBusy(true);
    try {
      const result = await api.minesCashout(play.round.id);
      await finish(result);
    } catch (error) {
      ctx.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const ended = play && !open;
  const won = ended && play.round.payout > 0;
  const mineSet = new Set(play?.view.mines ?? []);
  const revealedSet = new Set(play?.view.revealed ?? []);

  return (
    <div class="game mines">
      <section class="stage mines__stage">
        <p class="result-line" data-testid="round-result" aria-live="polite">
          {resumed
            ? t('mines.resumed')
            : ended
              ? won
                ? t('result.win', { amount: format(play.round.payout) })
                : t('mines.boom')
              : open
                ? t('mines.pick')
                : '\u00a0'}
        </p>
        <div
          class={`mines__board${shake ? ' is-shaking' : ''}${open ? ' is-open' : ''}`}
          role="grid"
          data-testid="mines-board"
        >
          {Array.from({ length: MINES_TILES }, (_, tile) => {
            const isGem = revealedSet.has(tile);
            const isMine = mineSet.has(tile);
            const isHit = play?.view.hit === tile;
            const state = isHit
              ? 'hit'
              : isGem
                ? 'gem'
                : ended && isMine
                  ? 'mine'
                  : ended
                    ? 'safe'
                    : pending === tile
                      ? 'pending'
                      : 'hidden';
            const label =
              state === 'gem' || state === 'safe'
                ? t('mines.tileGem', { n: tile + 1 })
                : state === 'hit' || state === 'mine'
                  ? t('mines.tileMine', { n: tile + 1 })
                  : t('mines.tile', { n: tile + 1 });
            return (
              <button
                key={tile}
                type="button"
                class={`tile tile--${state}`}
                aria-label={label}
                disabled={!open || busy || isGem}
                data-testid={`tile-${tile}`}
                data-state={state}
                onClick={() => void reveal(tile)}
              >
                {state === 'gem' || state === 'safe' ? <Gem /> : null}
                {state === 'hit' || state === 'mine' ? <Mine /> : null}
              </button>
            );
          })}
        </div>
      </section>

      <section class="controls">
        {open ? (
          <>
            <div class="figures">
              <div class="figure">
                <span>{t('mines.mines')}</span>
                <strong>{roundMines}</strong>
              </div>
              <div class="figure">
                <span>{t('mines.now')}</span>
                <strong data-testid="mines-current">{current ? formatMultiplier(current) : '—'}</strong>
              </div>
              <div class="figure">
                <span>{t('mines.nextTile')}</span>
                <strong data-testid="mines-next">{next ? formatMultiplier(next) : '—'}</strong>
              </div>
            </div>
            <PlayButton cashOut disabled={busy || revealedCount === 0} onPlay={cashOut} testId="cashout">
              {t('mines.cashout', { amount: format(current ? payoutOf(roundStake, current) : 0) })}
            </PlayButton>
          </>
        ) : (
          <>
            <SelectField
              label={t('mines.mines')}
              value={mines}
              options={MINES_OPTIONS}
              disabled={busy}
              onChange={setMines}
              testId="mines-count"
            />
            <StakeField ctx={ctx} disabled={busy} />
            <PlayButton disabled={busy} onPlay={start}>
              {t('mines.start')}
            </PlayButton>
          </>
        )}
      </section>
    </div>
  );
}

function Gem() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" class="tile__art">
      <path d="M8 15l6-8h12l6 8-12 18z" fill="#2ee68a" />
      <path d="M8 15h24L20 33z" fill="#1bb36b" />
      <path d="M14 7l-2 8h16l-2-8zM20 15l-8 0 8 18 8-18z" fill="#7dffc0" opacity=".55" />
      <path d="M14 7l6 8 6-8" fill="none" stroke="#d6ffe9" stroke-width="1.2" />
    </svg>
  );
}

function Mine() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" class="tile__art">
      <g stroke="#1a0b2e" stroke-width="3" stroke-linecap="round">
        <path d="M20 5v6M20 29v6M5 20h6M29 20h6M9.5 9.5l4 4M26.5 26.5l4 4M9.5 30.5l4-4M26.5 13.5l4-4" />
      </g>
      <circle cx="20" cy="20" r="10" fill="#1a0b2e" />
      <circle cx="16.5" cy="16.5" r="3" fill="#fff" opacity=".8" />
      <circle cx="20" cy="20" r="10" fill="none" stroke="#ff4d6d" stroke-width="1.5" />
    </svg>
  );
}

/** Mines rules: the catalogue's text and the payout of every cash-out at the chosen number of mines. */
export function Rules({ ctx }: { ctx: GameContext }) {
  const { t, session } = ctx;
  const [mines, setMines] = useState(session.openRound ? minesOf(session.openRound) : DEFAULT_MINES);
  const rules = minesRules({ mines });
  return (
    <div class="rules">
      <RulesList keys={RULES} t={t} />
      <h3>{t('mines.rules.table', { mines })}</h3>
      <SelectField label={t('mines.mines')} value={mines} options={MINES_OPTIONS} onChange={setMines} />
      <table class="table">
        <thead>
          <tr>
            <th>{t('mines.rules.tiles')}</th>
            <th>{t('dice.multiplier')}</th>
            <th>{t('mines.rules.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.steps.map((step) => (
            <tr key={step.revealed}>
              <td>{step.revealed}</td>
              <td>{formatMultiplier(step.multiplier)}</td>
              <td>{formatChance(step.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <RulesCommon ctx={ctx} />
    </div>
  );
}

function formatChance(chance: number): string {
  const percent = chance * 100;
  return `${percent >= 1 ? percent.toFixed(2) : percent.toPrecision(2)}%`;
}
