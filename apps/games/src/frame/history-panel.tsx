import type { Round } from '@app/contracts/inhouse';
import { formatMultiplier } from '@app/fair/payout';
import { useEffect, useState } from 'preact/hooks';
import type { RevealedPair } from '../lib/api.ts';
import { verifyHref } from '../lib/verify-link.ts';
import type { GameContext } from './game-module.ts';

const PAGE_SIZE = 20;

/**
 * The player's rounds of this game, newest first, a page at a time. A round whose seed pair has been
 * revealed links to the verifier filled in with its seeds, nonce and options.
 */
export function HistoryPanel({ ctx, token }: { ctx: GameContext; token: string }) {
  const { api, t, format, language, fail } = ctx;
  const [rounds, setRounds] = useState<Round[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [revealed, setRevealed] = useState<Map<string, RevealedPair>>(new Map());

  useEffect(() => {
    let current = true;
    setLoading(true);
    api.rounds(page, PAGE_SIZE).then(
      (answer) => {
        if (!current) return;
        setRounds((before) => (page === 1 ? answer.list : [...before, ...answer.list]));
        setMore(answer.list.length === PAGE_SIZE);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setLoading(false);
        fail(error);
      },
    );
    return () => {
      current = false;
    };
  }, [api, page, fail]);

  useEffect(() => {
    api.revealedSeeds().then(
      (pairs) => setRevealed(new Map(pairs.map((pair) => [pair.serverSeedHash, pair]))),
      () => undefined,
    );
  }, [api]);

  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' });
  if (!loading && rounds.length === 0) return <p class="muted">{t('history.empty')}</p>;
  return (
    <div class="history">
      <ul class="history__list" data-testid="history-list">
        {rounds.map((round) => {
          const pair = round.serverSeedHash ? revealed.get(round.serverSeedHash) : undefined;
          const won = round.payout > 0;
          return (
            <li key={round.id} class="history__item" data-testid="history-item">
              <div class="history__top">
                <span class="muted">{t('history.round', { id: round.id })}</span>
                <span class="muted">{time.format(new Date(round.createTime))}</span>
              </div>
              <div class="history__figures">
                <span>
                  {t('history.stake')} <strong>{format(round.stake)}</strong>
                </span>
                <span class={won ? 'win' : 'muted'}>
                  {round.multiplier === null ? t('history.state.open') : formatMultiplier(round.multiplier)}
                </span>
                <span>
                  {t('history.payout')} <strong class={won ? 'win' : ''}>{format(round.payout)}</strong>
                </span>
              </div>
              <div class="history__bottom">
                <span class="muted">
                  {round.state === 'settled' ? '' : t(`history.state.${round.state}`)}
                  {round.nonce !== null ? ` ${t('history.nonce', { nonce: round.nonce })}` : ''}
                </span>
                {pair && round.nonce !== null ? (
                  <a
                    class="link"
                    href={verifyHref({
                      session: token,
                      game: round.gameCode,
                      serverSeed: pair.serverSeed,
                      serverSeedHash: pair.serverSeedHash,
                      clientSeed: pair.clientSeed,
                      nonce: round.nonce,
                      options: round.options,
                      lang: language,
                    })}
                  >
                    {t('history.verify')}
                  </a>
                ) : (
                  <span class="muted small">{round.state === 'open' ? '' : t('history.rotateToVerify')}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {loading ? <span class="spinner" aria-hidden="true" /> : null}
      {more && !loading ? (
        <button type="button" class="button" onClick={() => setPage((value) => value + 1)}>
          {t('history.more')}
        </button>
      ) : null}
    </div>
  );
}
