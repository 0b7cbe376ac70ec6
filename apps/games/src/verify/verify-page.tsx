import type { Language } from '@app/contracts/config';
import type { Round } from '@app/contracts/inhouse';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { VerifyResult } from '@app/fair/verify';
import { VERIFIABLE_GAMES } from '@app/fair/verify';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS } from '@app/fair/plinko';
import { WHEEL_SEGMENT_COUNTS } from '@app/fair/wheel';
import { MINES_MAX, MINES_MIN, MINES_TILES } from '@app/fair/mines';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { countOptions, countsBetween, riskOptions, SelectField } from '../frame/choice.tsx';
import { createApi, type RevealedPair } from '../lib/api.ts';
import type { Translate } from '../lib/i18n.ts';
import { drawVerifyHref, readVerifyParams } from '../lib/verify-link.ts';
import {
  EMPTY_FORM,
  formatMultiplier,
  formFromRound,
  isGameId,
  RAIN_FIELDS,
  recompute,
  type VerifyForm,
} from './recompute.ts';
import './verify.css';

const MINES_OPTIONS = countOptions(countsBetween(MINES_MIN, MINES_MAX));
const ROW_OPTIONS = countOptions(countsBetween(PLINKO_MIN_ROWS, PLINKO_MAX_ROWS));
const SEGMENT_OPTIONS = countOptions(WHEEL_SEGMENT_COUNTS);

function initialForm(search: string): VerifyForm {
  const params = readVerifyParams(search);
  const base: VerifyForm = {
    ...EMPTY_FORM,
    ...(isGameId(params.game) ? { game: params.game } : {}),
    serverSeed: params.serverSeed ?? '',
    serverSeedHash: params.serverSeedHash ?? '',
    clientSeed: params.clientSeed ?? '',
    nonce: params.nonce === undefined ? '0' : String(params.nonce),
  };
  return params.options
    ? formFromRound(base, {
        gameCode: base.game,
        nonce: params.nonce ?? null,
        options: params.options,
        outcome: null,
      })
    : base;
}

/**
 * /game-center/fair: the player enters (or picks from their history) a bet's seeds, nonce and options;
 * the page checks the server seed against the hash shown before play and recomputes the outcome in the
 * browser with packages/fair, the code the server settles with.
 */
export function VerifyPage({ t, language, search }: { t: Translate; language: Language; search: string }) {
  const [form, setForm] = useState(() => initialForm(search));
  const session = useMemo(() => readVerifyParams(search).session, [search]);
  const api = useMemo(() => (session ? createApi(session, language) : undefined), [session, language]);
  const [pairs, setPairs] = useState<RevealedPair[]>([]);
  const [rounds, setRounds] = useState<Round[]>([]);

  useEffect(() => {
    if (!api) return;
    api.revealedSeeds().then(setPairs, () => setPairs([]));
    api.rounds(1, 100).then(
      (page) => setRounds(page.list),
      () => setRounds([]),
    );
  }, [api]);

  const set = (patch: Partial<VerifyForm>) => setForm((before) => ({ ...before, ...patch }));
  const computed = useMemo(() => recompute(form), [form]);
  const pairRounds = rounds.filter(
    (round) => round.serverSeedHash === form.serverSeedHash && round.nonce !== null,
  );
  const seeded = form.game !== 'crash';
  // Nothing to check yet: no red "not valid" before the player has entered (or been given) a seed.
  const typed = form.serverSeed !== '' || form.serverSeedHash !== '' || form.clientSeed !== '';

  return (
    <main class="verify">
      <header class="verify__header">
        <h1>{t('verify.title')}</h1>
        {session && window.history.length > 1 ? (
          <button type="button" class="button button--small" onClick={() => window.history.back()}>
            {t('verify.back')}
          </button>
        ) : (
          // Opened from a link (a record, a draw, a message): the way back is the app itself.
          <a class="button button--small" href={PAGE_PATHS.home} data-testid="verify-to-app">
            {t('verify.toApp')}
          </a>
        )}
      </header>
      <p class="muted">{t('verify.intro')}</p>
      <DrawLink t={t} lang={readVerifyParams(search).lang} />

      <form class="verify__form" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('verify.game')}
          value={form.game}
          options={VERIFIABLE_GAMES.map((game) => ({ value: game, label: t(`verify.gameName.${game}`) }))}
          onChange={(game) => set({ game })}
          testId="verify-game"
        />

        {seeded && pairs.length > 0 ? (
          <label class="field">
            <span>{t('verify.pickPair')}</span>
            <select
              value={
                pairs.some((pair) => pair.serverSeedHash === form.serverSeedHash) ? form.serverSeedHash : ''
              }
              data-testid="verify-pick-pair"
              onChange={(event) => {
                const pair = pairs.find(
                  (candidate) => candidate.serverSeedHash === event.currentTarget.value,
                );
                if (pair)
                  set({
                    serverSeed: pair.serverSeed,
                    serverSeedHash: pair.serverSeedHash,
                    clientSeed: pair.clientSeed,
                  });
              }}
            >
              <option value="">{t('verify.pickPairNone')}</option>
              {pairs.map((pair) => (
                <option key={pair.serverSeedHash} value={pair.serverSeedHash}>
                  {pair.serverSeedHash.slice(0, 16)}… · {t('fair.bets', { count: pair.nonces })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {seeded && pairRounds.length > 0 ? (
          <label class="field">
            <span>{t('verify.pickRound')}</span>
            <select
              value=""
              data-testid="verify-pick-round"
              onChange={(event) => {
                const round = pairRounds.find(
                  (candidate) => String(candidate.id) === event.currentTarget.value,
                );
                if (round) setForm((before) => formFromRound(before, round));
              }}
            >
              <option value="">{t('verify.pickRoundNone')}</option>
              {pairRounds.map((round) => (
                <option key={round.id} value={round.id}>
                  {t('history.round', { id: round.id })} · {t('history.nonce', { nonce: round.nonce ?? '' })}
                  {round.multiplier === null ? '' : ` · ${formatMultiplier(round.multiplier)}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}

        {seeded ? (
          <>
            <TextField
              label={t('verify.serverSeed')}
              value={form.serverSeed}
              onInput={(serverSeed) => set({ serverSeed })}
              testId="verify-server-seed"
            />
            <TextField
              label={t('verify.serverSeedHash')}
              value={form.serverSeedHash}
              onInput={(serverSeedHash) => set({ serverSeedHash })}
              testId="verify-server-seed-hash"
            />
            <TextField
              label={t('verify.clientSeed')}
              value={form.clientSeed}
              onInput={(clientSeed) => set({ clientSeed })}
              testId="verify-client-seed"
            />
            <TextField
              label={t('verify.nonce')}
              value={form.nonce}
              onInput={(nonce) => set({ nonce })}
              numeric
              testId="verify-nonce"
            />
          </>
        ) : (
          <>
            <TextField
              label={t('verify.gameHash')}
              value={form.gameHash}
              onInput={(gameHash) => set({ gameHash })}
            />
            <TextField label={t('verify.salt')} value={form.salt} onInput={(salt) => set({ salt })} />
            <TextField
              label={t('verify.cashOut')}
              value={form.cashOut}
              onInput={(cashOut) => set({ cashOut })}
              numeric
            />
          </>
        )}

        {form.game === 'dice' ? (
          <div class="options-row">
            <TextField
              label={t('dice.target')}
              value={form.target}
              onInput={(target) => set({ target })}
              numeric
            />
            <SelectField
              label={t('dice.direction')}
              value={form.direction}
              options={[
                { value: 'under', label: t('dice.under') },
                { value: 'over', label: t('dice.over') },
              ]}
              onChange={(direction) => set({ direction })}
            />
          </div>
        ) : null}
        {form.game === 'mines' ? (
          <div class="options-row">
            <SelectField
              label={t('mines.mines')}
              value={form.mines}
              options={MINES_OPTIONS}
              onChange={(mines) => set({ mines: String(mines) })}
            />
            <TextField label={t('verify.picks')} value={form.picks} onInput={(picks) => set({ picks })} />
          </div>
        ) : null}
        {form.game === 'plinko' || form.game === 'wheel' ? (
          <div class="options-row">
            {form.game === 'plinko' ? (
              <SelectField
                label={t('plinko.rows')}
                value={form.rows}
                options={ROW_OPTIONS}
                onChange={(rows) => set({ rows: String(rows) })}
              />
            ) : (
              <SelectField
                label={t('wheel.segments')}
                value={form.segments}
                options={SEGMENT_OPTIONS}
                onChange={(segments) => set({ segments: String(segments) })}
              />
            )}
            <SelectField
              label={t('plinko.risk')}
              value={form.risk}
              options={riskOptions(PLINKO_RISKS, t)}
              onChange={(risk) => set({ risk })}
            />
          </div>
        ) : null}
        {form.game === 'coin-spin' ? (
          <TextField
            label={t('verify.poolRemaining')}
            value={form.remaining}
            onInput={(remaining) => set({ remaining })}
            testId="verify-pool-remaining"
          />
        ) : null}
        {form.game === 'prize-wheel' ? (
          <div class="options-row">
            <TextField
              label={t('verify.weights')}
              value={form.weights}
              onInput={(weights) => set({ weights })}
              testId="verify-weights"
            />
            <TextField
              label={t('verify.spins')}
              value={form.spins}
              onInput={(spins) => set({ spins })}
              numeric
              testId="verify-spins"
            />
          </div>
        ) : null}
        {form.game === 'cash-rain' ? (
          <>
            <div class="options-row">
              {RAIN_FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={t(`verify.rain.${field}`)}
                  value={form.rain[field]}
                  onInput={(value) => set({ rain: { ...form.rain, [field]: value } })}
                  numeric
                  testId={`verify-rain-${field}`}
                />
              ))}
            </div>
            <TextField
              label={t('verify.rain.packet')}
              value={form.packet}
              onInput={(packet) => set({ packet })}
              numeric
              testId="verify-rain-packet"
            />
          </>
        ) : null}
      </form>

      <section class="verify__result" aria-live="polite" data-testid="verify-result">
        {!typed ? null : 'problem' in computed ? (
          <p class="warn" data-testid="verify-problem">
            {t('verify.invalid', {
              reason:
                computed.problem === 'serverSeed'
                  ? t(seeded ? 'verify.serverSeedInvalid' : 'verify.gameHashInvalid')
                  : computed.problem === 'clientSeed'
                    ? t('verify.clientSeedInvalid')
                    : computed.problem === 'nonce'
                      ? t('verify.nonceInvalid')
                      : (computed.message ?? ''),
            })}
          </p>
        ) : (
          <Outcome result={computed.result} expectedHash={form.serverSeedHash} t={t} />
        )}
      </section>
    </main>
  );
}

/** A small way to a draw's own page (the lottery's and the raffles' draws), by its number. */
function DrawLink({ t, lang }: { t: Translate; lang: string | undefined }) {
  const [text, setText] = useState('');
  const drawId = /^[1-9]\d{0,14}$/.test(text.trim()) ? Number(text.trim()) : undefined;
  const href = drawId === undefined ? undefined : drawVerifyHref(drawId, lang);
  return (
    <form
      class="verify__draw-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (href) window.location.assign(href);
      }}
    >
      <label class="field">
        <span>{t('verify.drawNumber')}</span>
        <input
          value={text}
          inputMode="numeric"
          autoComplete="off"
          data-testid="verify-draw-number"
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <a class="button" href={href} aria-disabled={href ? undefined : 'true'} data-testid="verify-draw-open">
        {t('verify.drawOpen')}
      </a>
    </form>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  numeric?: boolean;
  testId?: string;
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        class={props.numeric ? '' : 'mono'}
        value={props.value}
        inputMode={props.numeric ? 'decimal' : 'text'}
        autoComplete="off"
        spellcheck={false}
        data-testid={props.testId}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </label>
  );
}

function Outcome({ result, expectedHash, t }: { result: VerifyResult; expectedHash: string; t: Translate }) {
  if (result.game === 'crash') {
    return (
      <div class="verify__outcome">
        <h2>{t('verify.outcome')}</h2>
        <p class="verify__big" data-testid="verify-outcome">
          {t('verify.crashPoint', { point: (result.crashPoint / 100).toFixed(2) })}
        </p>
        <dl class="fair__pair">
          <dt>{t('verify.previousHash')}</dt>
          <dd class="mono">{result.previousHash}</dd>
        </dl>
        {result.payout !== undefined ? (
          <p>{t('verify.multiplier', { multiplier: formatMultiplier(result.payout) })}</p>
        ) : null}
      </div>
    );
  }
  const expected = expectedHash.trim().toLowerCase();
  const matches = expected === result.serverSeedHash;
  return (
    <div class="verify__outcome">
      <dl class="fair__pair">
        <dt>{t('verify.hashComputed')}</dt>
        <dd class="mono" data-testid="verify-hash">
          {result.serverSeedHash}
        </dd>
      </dl>
      <p class={expected ? (matches ? 'win' : 'warn') : 'muted'} data-testid="verify-hash-check">
        {expected
          ? matches
            ? `✓ ${t('verify.hashMatches')}`
            : `✗ ${t('verify.hashDiffers')}`
          : t('verify.hashMissing')}
      </p>
      <h2>{t('verify.outcome')}</h2>
      <GameOutcome result={result} t={t} />
      <h3>{t('verify.floats')}</h3>
      <p class="mono small">
        {result.floats
          .slice(0, 10)
          .map((float) => float.toFixed(10))
          .join(' · ')}
      </p>
    </div>
  );
}

function GameOutcome({ result, t }: { result: Exclude<VerifyResult, { game: 'crash' }>; t: Translate }) {
  switch (result.game) {
    case 'dice':
      return (
        <p class="verify__big" data-testid="verify-outcome">
          {t('dice.result', { roll: (result.outcome.roll / 100).toFixed(2) })} ·{' '}
          <span class={result.outcome.win ? 'win' : 'warn'}>
            {formatMultiplier(result.outcome.multiplier)}
          </span>
        </p>
      );
    case 'mines': {
      const mines = new Set(result.outcome.mines);
      return (
        <div>
          <p data-testid="verify-outcome">
            {t('verify.minesLayout', { tiles: result.outcome.mines.map((tile) => tile + 1).join(', ') })}
            {'multiplier' in result.outcome
              ? ` · ${t('verify.multiplier', { multiplier: formatMultiplier(result.outcome.multiplier) })}`
              : ''}
          </p>
          <div class="verify__mines">
            {Array.from({ length: MINES_TILES }, (_, tile) => (
              <span key={tile} class={mines.has(tile) ? 'is-mine' : ''}>
                {tile + 1}
              </span>
            ))}
          </div>
        </div>
      );
    }
    case 'plinko':
      return (
        <p class="verify__big" data-testid="verify-outcome">
          {t('verify.plinkoPath', { path: result.outcome.path.map((step) => (step ? 'R' : 'L')).join(' ') })}
          <br />
          {t('plinko.bucket', { multiplier: formatMultiplier(result.outcome.multiplier) })} (#
          {result.outcome.bucket})
        </p>
      );
    case 'wheel':
      return (
        <p class="verify__big" data-testid="verify-outcome">
          {t('verify.wheelSegment', { segment: result.outcome.segment + 1 })} ·{' '}
          {formatMultiplier(result.outcome.multiplier)}
        </p>
      );
    case 'coin-spin':
      return (
        <p class="verify__big" data-testid="verify-outcome">
          {result.outcome.prize === null
            ? t('verify.poolEmpty')
            : t('verify.poolPrize', { prize: result.outcome.prize + 1 })}
        </p>
      );
    case 'prize-wheel':
      return (
        <p class="verify__big" data-testid="verify-outcome">
          {t('verify.prizeSegments', {
            segments: result.outcome.segments.map((segment) => segment + 1).join(', '),
          })}
        </p>
      );
    case 'cash-rain':
      return <RainOutcome outcome={result.outcome} t={t} />;
    case 'slot':
      return (
        <div>
          <p class="verify__big" data-testid="verify-outcome">
            {t('verify.multiplier', { multiplier: formatMultiplier(result.outcome.multiplier) })}
            {result.outcome.freeSpins > 0 ? ` · ${t('slot.freeSpins')}: ${result.outcome.freeSpins}` : ''}
          </p>
          <ol class="verify__spins">
            {result.outcome.spins.map((spin, index) => (
              <li key={index}>
                <span class="muted small">
                  {index === 0 ? t('verify.slotBase') : t('verify.slotSpin', { n: index })} ·{' '}
                  {formatMultiplier(spin.win)}
                </span>
                <table class="verify__grid">
                  <tbody>
                    {[0, 1, 2].map((row) => (
                      <tr key={row}>
                        {spin.grid.map((column, reel) => (
                          <td key={reel}>{t(`slot.symbol.${column[row] ?? ''}` as 'slot.symbol.A')}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </li>
            ))}
          </ol>
        </div>
      );
  }
}

type RainPacket = { position: number; giftType: number; amount: number };

/** A packet as the player reads it: cash and coins in minor units (÷ 100), diamonds counted. */
function packetText(packet: RainPacket, t: Translate): string {
  switch (packet.giftType) {
    case 1:
      return t('verify.rain.cash', { amount: (packet.amount / 100).toFixed(2) });
    case 3:
      return t('verify.rain.coins', { amount: (packet.amount / 100).toFixed(2) });
    case 4:
      return t('verify.rain.diamonds', { amount: packet.amount });
    default:
      return t('verify.rain.tryAgain');
  }
}

/** A cash rain slot's recomputed split: its total against the budget, the player's packet, every packet. */
function RainOutcome({
  outcome,
  t,
}: {
  outcome: { packets: RainPacket[]; cashTotal: number; packet: RainPacket | null };
  t: Translate;
}) {
  return (
    <div>
      <p class="verify__big" data-testid="verify-outcome">
        {outcome.packet
          ? t('verify.rain.yours', { n: outcome.packet.position + 1, packet: packetText(outcome.packet, t) })
          : t('verify.rain.count', { count: outcome.packets.length })}
      </p>
      <p data-testid="verify-rain-total">
        {t('verify.rain.total', {
          count: outcome.packets.length,
          total: (outcome.cashTotal / 100).toFixed(2),
        })}
      </p>
      <details>
        <summary>{t('verify.rain.all')}</summary>
        <ol class="verify__packets small" data-testid="verify-rain-packets">
          {outcome.packets.map((packet) => (
            <li key={packet.position} class={packet === outcome.packet ? 'win' : ''}>
              {packetText(packet, t)}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
