import type { Fairness } from '@app/contracts/inhouse';
import { useEffect, useState } from 'preact/hooks';
import type { RevealedPair } from '../lib/api.ts';
import { verifyHref } from '../lib/verify-link.ts';
import type { GameContext } from './game-module.ts';

/** What packages/fair accepts as a client seed (printable ASCII, 1–64 characters). */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/**
 * The seed pair in use (its server seed only as the SHA-256 commitment), the client seed the player may
 * change, the next nonce; a rotation reveals the server seed and starts a new pair with the client seed
 * typed here. Revealed pairs link to the verifier.
 */
export function FairnessPanel(props: {
  ctx: GameContext;
  token: string;
  fairness: Fairness;
  inPlay: boolean;
  onFairness: (fairness: Fairness) => void;
}) {
  const { ctx, token, fairness, inPlay, onFairness } = props;
  const { api, t, language, fail, session } = ctx;
  const [clientSeed, setClientSeed] = useState(fairness.clientSeed);
  const [rotating, setRotating] = useState(false);
  const [previous, setPrevious] = useState<RevealedPair | undefined>();
  const [pairs, setPairs] = useState<RevealedPair[] | undefined>();

  useEffect(() => {
    api.revealedSeeds().then(setPairs, () => setPairs([]));
  }, [api, previous]);

  const seedValid = CLIENT_SEED_PATTERN.test(clientSeed.trim());
  const link = (pair: RevealedPair, nonce: number) =>
    verifyHref({
      session: token,
      game: session.game.code,
      serverSeed: pair.serverSeed,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce,
      lang: language,
    });

  const rotate = () => {
    if (!seedValid || rotating) return;
    setRotating(true);
    api.rotateSeeds(clientSeed.trim()).then(
      (answer) => {
        setRotating(false);
        setPrevious(answer.previous);
        onFairness(answer.fairness);
        setClientSeed(answer.fairness.clientSeed);
      },
      (error: unknown) => {
        setRotating(false);
        fail(error);
      },
    );
  };

  return (
    <div class="fair">
      <p class="muted">{t('fair.intro')}</p>
      <dl class="fair__pair">
        <dt>{t('fair.commitment')}</dt>
        <dd class="mono" data-testid="server-seed-hash">
          {fairness.serverSeedHash}
        </dd>
        <dt>{t('fair.nonce')}</dt>
        <dd data-testid="next-nonce">{fairness.nonce}</dd>
      </dl>
      <label class="field">
        <span>{t('fair.clientSeed')}</span>
        <input
          class="mono"
          value={clientSeed}
          maxLength={64}
          autoComplete="off"
          spellcheck={false}
          aria-invalid={seedValid ? undefined : true}
          data-testid="client-seed"
          onInput={(event) => setClientSeed(event.currentTarget.value)}
        />
        <small class={seedValid ? 'muted' : 'warn'}>
          {seedValid ? t('fair.clientSeedHint') : t('fair.clientSeedInvalid')}
        </small>
      </label>
      <button
        type="button"
        class="button button--primary"
        disabled={!seedValid || rotating || inPlay}
        onClick={rotate}
        data-testid="rotate-seeds"
      >
        {rotating ? t('fair.rotating') : t('fair.rotate')}
      </button>
      {inPlay ? <p class="muted small">{t('fair.roundInPlay')}</p> : null}

      {previous ? (
        <div class="fair__revealed" role="status" data-testid="revealed-seed">
          <p>{t('fair.rotated')}</p>
          <dl class="fair__pair">
            <dt>{t('fair.serverSeed')}</dt>
            <dd class="mono">{previous.serverSeed}</dd>
            <dt>{t('fair.commitment')}</dt>
            <dd class="mono">{previous.serverSeedHash}</dd>
            <dt>{t('fair.clientSeed')}</dt>
            <dd class="mono">{previous.clientSeed}</dd>
          </dl>
          <p>
            {t('fair.bets', { count: previous.nonces })}{' '}
            {previous.nonces > 0 ? (
              <a class="link" href={link(previous, previous.nonces - 1)} data-testid="verify-previous">
                {t('fair.verify')}
              </a>
            ) : null}
          </p>
        </div>
      ) : null}

      <h3>{t('fair.revealed')}</h3>
      {pairs && pairs.length === 0 ? <p class="muted">{t('fair.noneRevealed')}</p> : null}
      <ul class="fair__list">
        {(pairs ?? []).map((pair) => (
          <li key={pair.serverSeedHash} class="fair__item">
            <span class="mono small">{pair.serverSeed}</span>
            <span class="muted small">
              {t('fair.bets', { count: pair.nonces })} · {new Date(pair.revealTime).toLocaleString(language)}
            </span>
            {pair.nonces > 0 ? (
              <a class="link" href={link(pair, 0)}>
                {t('fair.verify')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <a class="link" href={verifyHref({ session: token, game: session.game.code, lang: language })}>
        {t('fair.openVerifier')}
      </a>
    </div>
  );
}
