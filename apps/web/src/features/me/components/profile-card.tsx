import { POSITION } from '@app/contracts/config';
import type { Profile } from '@app/contracts/member';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { EventInfoDialog } from '../../../components/ui/event-info-dialog.tsx';
import { EditIcon } from '../../../components/ui/icons.tsx';
import { OfflineMark } from '../../../components/ui/offline-mark.tsx';
import { AvatarUpload } from './avatar-upload.tsx';
import { ExchangeDialog } from './exchange-dialog.tsx';
import { NicknameDialog } from './nickname-dialog.tsx';

const PENDING = '--';

/**
 * Spec §2 Me: avatar (tap to change it), nickname or mobile, coins, diamonds, balance with withdraw and
 * deposit. Until the start-up token login brings the profile, the figures show as pending rather than as
 * zero. Tapping the coins or diamonds shows how they are earned and spent (adverts 700101, 700201); the
 * exchange button opens the exchange to cash; the pencil beside the name changes the nickname.
 */
export function ProfileCard({
  profile,
  lastKnown,
}: {
  profile: Profile | undefined;
  /** Offline only: the last profile seen, shown marked as offline, with nothing that acts on it. */
  lastKnown?: Profile | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const { country } = useSettings();
  const shown = profile ?? lastKnown;
  const name = shown ? shown.nickName.trim() || shown.mobile : PENDING;
  const [exchanging, setExchanging] = useState(false);
  const showExchange = usePopup('exchange', exchanging);
  const [renaming, setRenaming] = useState(false);
  const showNickname = usePopup('nickname', renaming);
  const [eventInfo, setEventInfo] = useState<number | null>(null);
  const showEventInfo = usePopup('event-info', eventInfo !== null);
  return (
    <section className="profile-card" aria-label={t('tabs.me')} data-testid="profile-card">
      <div className="profile-card__head">
        <AvatarUpload profile={profile} />
        <h2 className="profile-card__name" data-testid="profile-name">
          {name}
        </h2>
        <button
          type="button"
          className="icon-button profile-card__rename"
          aria-label={t('me.editNickname')}
          disabled={!profile}
          onClick={() => setRenaming(true)}
        >
          <EditIcon size={20} />
        </button>
      </div>
      {showNickname && profile ? (
        <NicknameDialog profile={profile} onClose={() => setRenaming(false)} />
      ) : null}
      <dl className="profile-card__figures">
        <div>
          <dt>{t('me.coins')}</dt>
          <dd>
            <button
              type="button"
              className="profile-card__figure"
              data-testid="coins-info"
              onClick={() => setEventInfo(POSITION.COIN_EVENT_INFO)}
            >
              {shown ? money.format(shown.bonusMoney) : PENDING}
            </button>
          </dd>
        </div>
        <div>
          <dt>{t('me.diamonds')}</dt>
          <dd>
            <button
              type="button"
              className="profile-card__figure"
              data-testid="diamonds-info"
              onClick={() => setEventInfo(POSITION.DIAMOND_EVENT_INFO)}
            >
              {shown ? shown.diamond.toLocaleString(country.locale) : PENDING}
            </button>
          </dd>
        </div>
      </dl>
      {showEventInfo && eventInfo !== null ? (
        <EventInfoDialog position={eventInfo} onClose={() => setEventInfo(null)} />
      ) : null}
      <button
        type="button"
        className="button button--small button--ghost profile-card__exchange"
        disabled={!profile}
        onClick={() => setExchanging(true)}
      >
        {t('exchange.open')}
      </button>
      {showExchange && profile ? (
        <ExchangeDialog profile={profile} onClose={() => setExchanging(false)} />
      ) : null}
      <div className="profile-card__balance">
        <p>
          <span className="profile-card__label">{t('me.balance')}</span>
          <strong data-testid="profile-balance">
            {money.currency} {shown ? money.format(shown.money) : PENDING}
            {!profile && lastKnown ? <OfflineMark /> : null}
          </strong>
        </p>
        <div className="profile-card__actions">
          <Link className="button button--small button--ghost" to={PAGE_PATHS.withdraw}>
            {t('me.withdraw')}
          </Link>
          <Link className="button button--small button--primary" to={PAGE_PATHS.deposit}>
            {t('me.deposit')}
          </Link>
        </div>
      </div>
    </section>
  );
}
