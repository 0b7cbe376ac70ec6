import type { Profile } from '@app/contracts/member';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { EditIcon } from '../../../components/ui/icons.tsx';
import { OfflineMark } from '../../../components/ui/offline-mark.tsx';
import { AvatarUpload } from './avatar-upload.tsx';
import { ExchangeDialog } from './exchange-dialog.tsx';
import { NicknameDialog } from './nickname-dialog.tsx';

const PENDING = '--';

/**
 * Spec §2 Me: avatar (tap to change it), nickname or mobile, coins, diamonds, balance with withdraw and
 * deposit. Until the start-up token login brings the profile, the figures show as pending rather than as
 * zero. The coins and diamonds open the exchange to cash; the pencil beside the name changes the nickname.
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
          <dd>{shown ? money.format(shown.bonusMoney) : PENDING}</dd>
        </div>
        <div>
          <dt>{t('me.diamonds')}</dt>
          <dd>
            {/* The diamonds lead to the diamond pages (tasks, spin, exchange). */}
            <Link to="/diamond/tasks" data-testid="profile-diamonds">
              {shown ? shown.diamond.toLocaleString(country.locale) : PENDING}
            </Link>
          </dd>
        </div>
      </dl>
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
          <Link className="button button--small button--ghost" to="/withdraw">
            {t('me.withdraw')}
          </Link>
          <Link className="button button--small button--primary" to="/deposit">
            {t('me.deposit')}
          </Link>
        </div>
      </div>
    </section>
  );
}
