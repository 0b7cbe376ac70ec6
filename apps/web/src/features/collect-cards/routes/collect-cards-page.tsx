import type {
  CollectCardsConfig,
  CollectCardsDraw,
  CollectCardsDrawResult,
  CollectCardsMember,
  CollectCardsNotice,
} from '@app/contracts/collect-cards';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { useQuery } from '../../../lib/query.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useBlockBack } from '../../../lib/use-block-back.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { drawCard } from '../api/draw-card.ts';
import { cardDrawsQuery, verifyDrawLink } from '../api/get-card-draws.ts';
import { cardGiftsQuery } from '../api/get-card-gifts.ts';
import { cardMemberQuery, cardsHeld } from '../api/get-card-member.ts';
import { collectCardsNoticesQuery } from '../api/get-collect-cards-notices.ts';
import { collectCardsQuery } from '../api/get-collect-cards.ts';
import { buyChance } from '../api/buy-chance.ts';
import { takeFreeChance } from '../api/take-free-chance.ts';
import { newRequestId } from '../../../lib/request-id.ts';
import { CardFace, cardNameKey, type CardArtSet } from '../components/card-art.tsx';
import { COLLECT_CARDS_TEXTS } from '../texts.ts';
import '../components/collect-cards.css';

type Money = ReturnType<typeof useMoneyFormat>;

/** How long the card turns over before the draw's result is shown (the short reveal). */
export const REVEAL_MS = 900;
/** A winner line stays this long in the ticker (spec §9: home notices swipe every 5 s). */
const NOTICE_MS = 5_000;

/** A date of the market (its time zone), in the player's language. */
function useMarketDate(language: string) {
  const { country } = useSettings();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, {
      timeZone: country.timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [country.timeZone, language]);
}

/**
 * `/activities/collect-cards` (spec §2, §4; docs/promotions.md "Collect-cards"): five lights, one per card,
 * lit when the card is held; the cards with their odds; the member's chances; the free chance of the day,
 * a chance bought with coins, and "use a chance", which draws a card with a short reveal and, when it
 * completes the set, says the gift was paid. The rules state the odds and what a set costs on average; the
 * winners ticker, the member's gifts and draws (each verifiable) follow. A finished activity says so and
 * takes nothing; visitors see everything and are asked to log in to act. The Christmas variant draws
 * Christmas cards.
 */
export function CollectCardsPage() {
  const { t, ready, language } = useFeatureTranslation(COLLECT_CARDS_TEXTS);
  const { christmas } = useSettings();
  const art: CardArtSet = christmas ? 'christmas' : 'classic';
  const money = useMoneyFormat();
  const dateOf = useMarketDate(language);
  const { profile } = useSession();
  const memberId = profile?.id;
  const { isLoggedIn, requireLogin, loginDialog } = useLoginGate();
  const cfg = useQuery(collectCardsQuery());
  const notices = useQuery(collectCardsNoticesQuery());
  const member = useQuery({ ...cardMemberQuery(memberId), enabled: isLoggedIn });
  const gifts = useQuery({ ...cardGiftsQuery(memberId), enabled: isLoggedIn });
  const draws = useQuery({ ...cardDrawsQuery(memberId), enabled: isLoggedIn });
  const [busy, setBusy] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [result, setResult] = useState<CollectCardsDrawResult>();
  const revealShown = usePopup('collect-cards-reveal', drawing || result !== undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The card is turning: leaving now would hide what was drawn (it is already decided and recorded).
  useBlockBack(drawing, () => showToast(t('collectCards.drawing')));

  const refreshMember = () => Promise.all([member.refetch(), draws.refetch()]).catch(() => undefined);
  const keepCoins = (next: CollectCardsMember) => {
    const current = getProfile();
    if (current) setProfile({ ...current, bonusMoney: next.bonusMoney });
  };

  const act = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toastError(error);
      void refreshMember();
    } finally {
      setBusy(false);
    }
  };

  const takeFree = () =>
    act(async () => {
      await takeFreeChance();
      showToast(t('collectCards.freeDone'), { kind: 'success' });
      await member.refetch();
    });

  const buy = () =>
    act(async () => {
      const bought = await buyChance(newRequestId());
      keepCoins(bought.member);
      showToast(t('collectCards.bought'), { kind: 'success' });
      await member.refetch();
    });

  const draw = () =>
    act(async () => {
      setDrawing(true);
      try {
        const answer = await drawCard(newRequestId());
        const current = getProfile();
        if (current) setProfile({ ...current, money: answer.money, withdrawMoney: answer.withdrawMoney });
        await new Promise<void>((resolve) => {
          timer.current = setTimeout(resolve, REVEAL_MS);
        });
        setResult(answer);
        void refreshMember();
        if (answer.completed) void Promise.all([gifts.refetch(), notices.refetch()]).catch(() => undefined);
      } finally {
        setDrawing(false);
      }
    });

  const closeReveal = () => {
    releasePopup('collect-cards-reveal');
    setResult(undefined);
  };

  const config = cfg.data;
  const title = ready ? t(art === 'christmas' ? 'collectCards.titleChristmas' : 'collectCards.title') : '';
  return (
    <div className="collect-cards" data-testid="collect-cards-page" data-art={art}>
      <NavBar title={title} />
      <div className="collect-cards__body">
        {!ready || !config ? (
          <QueryStatus
            status={ready ? cfg.status : 'pending'}
            error={cfg.error}
            onRetry={() => void cfg.refetch()}
          />
        ) : (
          <>
            <StatusLine config={config} t={t} dateOf={dateOf} />
            {config.notices ? <Ticker notices={notices.data ?? []} t={t} money={money} /> : null}
            <CardsSection config={config} member={member.data} art={art} t={t} money={money} />
            {isLoggedIn ? null : (
              <button
                type="button"
                className="button button--primary button--block"
                onClick={() => requireLogin(() => undefined)}
                data-testid="collect-cards-login"
              >
                {t('collectCards.login')}
              </button>
            )}
            <Actions
              config={config}
              member={member.data}
              isLoggedIn={isLoggedIn}
              busy={busy}
              t={t}
              money={money}
              onFree={() => requireLogin(() => void takeFree())}
              onBuy={() => requireLogin(() => void buy())}
              onDraw={() => requireLogin(() => void draw())}
            />
            <Rules config={config} t={t} money={money} />
            {isLoggedIn ? (
              <History
                gifts={gifts.data ?? []}
                draws={draws.data ?? []}
                member={member.data}
                art={art}
                t={t}
                money={money}
                dateOf={dateOf}
              />
            ) : null}
          </>
        )}
      </div>
      {revealShown ? (
        <Dialog
          label={t('collectCards.drawing')}
          onClose={drawing ? () => undefined : closeReveal}
          testId="collect-cards-reveal"
        >
          <Reveal result={result} art={art} t={t} money={money} onClose={closeReveal} />
        </Dialog>
      ) : null}
      {loginDialog}
    </div>
  );
}

type Props = { t: Translate; money: Money };
const amountOf = (money: Money, minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;

function StatusLine({
  config,
  t,
  dateOf,
}: {
  config: CollectCardsConfig;
  t: Translate;
  dateOf: (iso: string) => string;
}) {
  if (!config.enable)
    return (
      <p className="cc-status" data-testid="collect-cards-status">
        {t('collectCards.off')}
      </p>
    );
  if (config.status === -1) {
    return (
      <p className="cc-status" data-testid="collect-cards-status">
        {t('collectCards.ended')}
      </p>
    );
  }
  if (config.status === 0 && config.startAt) {
    return (
      <p className="cc-status" data-testid="collect-cards-status">
        {t('collectCards.upcoming', { date: dateOf(config.startAt) })}
      </p>
    );
  }
  return config.endAt ? (
    <p className="cc-note">{t('collectCards.until', { date: dateOf(config.endAt) })}</p>
  ) : null;
}

/** The latest winners, one line at a time, masked as the server sends them. */
function Ticker({ notices, t, money }: Props & { notices: CollectCardsNotice[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (notices.length < 2) return undefined;
    const interval = setInterval(() => setIndex((current) => (current + 1) % notices.length), NOTICE_MS);
    return () => clearInterval(interval);
  }, [notices.length]);
  const notice = notices[index % Math.max(notices.length, 1)];
  if (!notice) return null;
  return (
    <p
      className="cc-ticker"
      aria-label={t('collectCards.winners')}
      aria-live="polite"
      data-testid="collect-cards-ticker"
    >
      🏆 {t('collectCards.winner', { mobile: notice.mobile, amount: amountOf(money, notice.amount) })}
    </p>
  );
}

function CardsSection({
  config,
  member,
  art,
  t,
  money,
}: Props & { config: CollectCardsConfig; member: CollectCardsMember | undefined; art: CardArtSet }) {
  const held = cardsHeld(member?.cardSet ?? '');
  return (
    <section className="cc-section" aria-label={t('collectCards.title')}>
      <p className="cc-note">
        {t('collectCards.intro', { count: config.cards.length, amount: amountOf(money, config.giftAmount) })}
      </p>
      <ul
        className="cc-lights"
        aria-label={t('collectCards.lights', { held: held.size, count: config.cards.length })}
        data-testid="collect-cards-lights"
      >
        {config.cards.map((card) => (
          <li
            key={card.card}
            className={`cc-light${held.has(card.card) ? ' is-lit' : ''}`}
            data-testid={`collect-cards-light-${card.card}`}
          />
        ))}
      </ul>
      <ul className="cc-cards" data-testid="collect-cards-cards">
        {config.cards.map((card) => {
          const name = t(cardNameKey(art, card.card));
          const isHeld = held.has(card.card);
          return (
            <li key={card.card}>
              <CardFace
                art={art}
                card={card.card}
                held={isHeld}
                label={t('collectCards.cardLabel', {
                  card: card.card,
                  name,
                  state: t(isHeld ? 'collectCards.held' : 'collectCards.notHeld'),
                  percent: card.chance,
                })}
              />
              <span className="cc-cards__chance">{t('collectCards.chance', { percent: card.chance })}</span>
            </li>
          );
        })}
      </ul>
      {member ? (
        <div className="cc-figures">
          <span data-testid="collect-cards-chances">
            {t('collectCards.chances', { count: member.chances })}
          </span>
          <span data-testid="collect-cards-sets">{t('collectCards.sets', { count: member.sets })}</span>
        </div>
      ) : null}
    </section>
  );
}

function Actions({
  config,
  member,
  isLoggedIn,
  busy,
  t,
  money,
  onFree,
  onBuy,
  onDraw,
}: Props & {
  config: CollectCardsConfig;
  member: CollectCardsMember | undefined;
  isLoggedIn: boolean;
  busy: boolean;
  onFree: () => void;
  onBuy: () => void;
  onDraw: () => void;
}) {
  const open = config.enable && config.status === 1;
  // A visitor's taps ask them to log in; a member's follow what they may do now.
  const memberCannot = (cannot: boolean) => isLoggedIn && (busy || !open || cannot);
  const coins = money.format(config.costChance);
  return (
    <section className="cc-section" aria-label={t('collectCards.draw')}>
      <div className="cc-actions">
        <button
          type="button"
          className="button button--primary cc-actions__draw"
          disabled={memberCannot(!member || member.chances < 1)}
          onClick={onDraw}
          data-testid="collect-cards-draw"
        >
          {t('collectCards.draw')}
        </button>
        {config.freeChance ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={memberCannot(!member?.free)}
            onClick={onFree}
            data-testid="collect-cards-free"
          >
            {isLoggedIn && member && !member.free && open
              ? t('collectCards.freeTaken')
              : t('collectCards.free')}
          </button>
        ) : null}
        {config.costChance > 0 ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={memberCannot(!member || member.bonusMoney < config.costChance)}
            onClick={onBuy}
            data-testid="collect-cards-buy"
          >
            {t('collectCards.buy', { cost: coins })}
          </button>
        ) : null}
      </div>
      {member && open && member.chances < 1 ? <p className="cc-note">{t('collectCards.noChance')}</p> : null}
      {member && config.costChance > 0 ? (
        <p className="cc-note" data-testid="collect-cards-coins">
          {t('collectCards.coins', { amount: money.format(member.bonusMoney) })}
        </p>
      ) : null}
      {/* Never where deposits give no chance (Brazil: the server answers depositChance 0). */}
      {config.depositChance > 0 && open ? (
        <p className="cc-note">
          {t('collectCards.depositNote', { count: config.depositChance })}{' '}
          <Link to={PAGE_PATHS.deposit}>{t('collectCards.deposit')}</Link>
        </p>
      ) : null}
    </section>
  );
}

function Rules({ config, t, money }: Props & { config: CollectCardsConfig }) {
  const gift = amountOf(money, config.giftAmount);
  return (
    <section className="cc-section" aria-label={t('collectCards.rules')} data-testid="collect-cards-rules">
      <h2>{t('collectCards.rules')}</h2>
      <ul className="cc-rules">
        <li>{t('collectCards.rule1', { count: config.cards.length })}</li>
        <li>
          {t('collectCards.rule2', { expected: config.expectedChances.toFixed(2) })}
          {config.costChance > 0
            ? ` ${t('collectCards.rule2Cost', { cost: money.format(config.expectedCost), amount: gift })}`
            : ''}
        </li>
        <li>{t('collectCards.rule3', { amount: gift })}</li>
        {config.freeChance ? <li>{t('collectCards.ruleFree')}</li> : null}
        {config.costChance > 0 ? (
          <li>{t('collectCards.ruleBuy', { cost: money.format(config.costChance) })}</li>
        ) : null}
        {config.depositChance > 0 ? (
          <li>{t('collectCards.ruleDeposit', { count: config.depositChance })}</li>
        ) : null}
        <li>{t('collectCards.ruleEnd')}</li>
        <li>{t('collectCards.rule5')}</li>
      </ul>
    </section>
  );
}

function History({
  gifts,
  draws,
  member,
  art,
  t,
  money,
  dateOf,
}: Props & {
  gifts: { activityId: number; setNo: number; amount: number; createTime: string }[];
  draws: CollectCardsDraw[];
  member: CollectCardsMember | undefined;
  art: CardArtSet;
  dateOf: (iso: string) => string;
}) {
  return (
    <>
      <section className="cc-section" aria-label={t('collectCards.gifts')} data-testid="collect-cards-gifts">
        <h2>{t('collectCards.gifts')}</h2>
        {gifts.length === 0 ? <p className="cc-note">{t('collectCards.noGifts')}</p> : null}
        <ul className="cc-list">
          {gifts.map((gift) => (
            <li key={`${gift.activityId}:${gift.setNo}`}>
              <span>{t('collectCards.gift', { set: gift.setNo, date: dateOf(gift.createTime) })}</span>
              <strong>{amountOf(money, gift.amount)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="cc-section" aria-label={t('collectCards.draws')}>
        <h2>{t('collectCards.draws')}</h2>
        <ul className="cc-list" data-testid="collect-cards-draws">
          {draws.slice(0, 10).map((each) => (
            <li key={each.id}>
              <span>
                {t('collectCards.youGot', { card: each.card, name: t(cardNameKey(art, each.card)) })}
              </span>
              <a href={verifyDrawLink(each)} target="_blank" rel="noreferrer">
                {t('collectCards.verify')}
              </a>
            </li>
          ))}
        </ul>
        {member ? (
          <>
            <p className="cc-note">{t('collectCards.commitment')}</p>
            <p className="cc-seed" data-testid="collect-cards-commitment">
              {member.fairness.serverSeedHash}
            </p>
          </>
        ) : null}
      </section>
    </>
  );
}

function Reveal({
  result,
  art,
  t,
  money,
  onClose,
}: Props & { result: CollectCardsDrawResult | undefined; art: CardArtSet; onClose: () => void }) {
  if (!result) {
    return (
      <div className="cc-reveal" role="status">
        <span className="cc-reveal__flip">
          <CardFace art={art} card={0} held={false} label={t('collectCards.drawing')} />
        </span>
        <p>{t('collectCards.drawing')}</p>
      </div>
    );
  }
  const name = t(cardNameKey(art, result.card));
  return (
    <div className="cc-reveal" data-testid="collect-cards-result">
      <span className="cc-reveal__flip">
        <CardFace art={art} card={result.card} held label={name} />
      </span>
      <h2>{t('collectCards.youGot', { card: result.card, name })}</h2>
      <p>{t(result.duplicate ? 'collectCards.duplicate' : 'collectCards.newCard')}</p>
      {result.completed ? (
        <p className="cc-reveal__gift" data-testid="collect-cards-gift">
          {t('collectCards.setComplete', { amount: amountOf(money, result.gift) })}
        </p>
      ) : null}
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        {t('collectCards.ok')}
      </button>
    </div>
  );
}
