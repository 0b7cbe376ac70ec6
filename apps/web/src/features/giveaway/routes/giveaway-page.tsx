import { SYSTEM_OPTION } from '@app/contracts/config';
import { isValidMobile } from '@app/contracts/country';
import type { GiveawayGift } from '@app/contracts/giveaway';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { Field } from '../../../components/ui/field.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { setSession, useIsLoggedIn } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { checkGiveawayGift } from '../api/check-giveaway-gift.ts';
import { giveawayQuery } from '../api/get-giveaway.ts';
import { registerForGift } from '../api/register-for-gift.ts';
import { sendRegisterCode } from '../api/send-register-code.ts';
import { GIVEAWAY_TEXTS } from '../texts.ts';
import './giveaway.css';

function GiftLines({ t, gift }: { t: Translate; gift: GiveawayGift }) {
  const { format, currency } = useMoneyFormat();
  return (
    <ul className="giveaway__gift" data-testid="giveaway-gift">
      {gift.cash > 0 ? <li>{t('giveaway.cash', { amount: `${currency} ${format(gift.cash)}` })}</li> : null}
      {gift.coins > 0 ? <li>{t('giveaway.coins', { amount: gift.coins })}</li> : null}
      {gift.diamonds > 0 ? <li>{t('giveaway.diamonds', { amount: gift.diamonds })}</li> : null}
    </ul>
  );
}

/**
 * `/activities/giveaway/{id}`: a new player's landing page. Step 1 checks the mobile (a registered one
 * is refused: the gift is for new players); step 2 registers through the member module's rules (the SMS
 * code when the operator's switch asks for it) and the gift arrives with the account, once.
 */
export function GiveawayPage() {
  const { t, ready } = useFeatureTranslation(GIVEAWAY_TEXTS);
  const id = Number(useParams().id);
  const { country } = useSettings();
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const options = useSystemOptions();
  const needsSmsCode = ['1', 'true'].includes(
    (options.get(SYSTEM_OPTION.SMS_CODE_SWITCH) ?? '').toLowerCase(),
  );
  const basic = useQuery({ ...giveawayQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const [mobile, setMobile] = useState('');
  const [eligible, setEligible] = useState<GiveawayGift | undefined>();
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [received, setReceived] = useState<GiveawayGift | null | undefined>();

  const mobileValid = isValidMobile(mobile.trim(), country);
  const check = useSubmit(mobileValid, async () => {
    setEligible(await checkGiveawayGift({ id, mobile: mobile.trim() }));
  });
  const canRegister =
    eligible !== undefined &&
    password.length >= 6 &&
    password.length <= 20 &&
    (!needsSmsCode || /^\d{6}$/.test(smsCode));
  const register = useSubmit(canRegister, async () => {
    const answer = await registerForGift({ id, mobile: mobile.trim(), password, smsCode });
    setSession(answer);
    setReceived(answer.gift);
  });
  const sendCode = async () => {
    try {
      await sendRegisterCode(mobile.trim());
      showToast(t('giveaway.codeSent'));
    } catch (error) {
      toastError(error);
    }
  };

  if (!ready) return <p className="page-status">…</p>;
  const data = basic.data;
  return (
    <div className="giveaway">
      <NavBar title={data?.title ?? t('giveaway.title')} />
      <div className="giveaway__body">
        {!data ? (
          <QueryStatus status={basic.status} error={basic.error} onRetry={() => void basic.refetch()} />
        ) : (
          <>
            <section className="giveaway__card">
              <h2 className="giveaway__title">{t('giveaway.gift')}</h2>
              <GiftLines t={t} gift={data} />
              <p className="giveaway__dates">
                {t('giveaway.dates', { start: data.startDate, end: data.endDate })}
              </p>
            </section>
            {received !== undefined ? (
              <section className="giveaway__card" data-testid="giveaway-success">
                <p>{t('giveaway.success')}</p>
                {received ? <GiftLines t={t} gift={received} /> : null}
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => void navigate(PAGE_PATHS.home, { replace: true })}
                >
                  {t('giveaway.play')}
                </button>
              </section>
            ) : isLoggedIn ? (
              <p className="page-status">{t('giveaway.member')}</p>
            ) : data.status === 0 ? (
              <p className="page-status">{t('giveaway.notStarted')}</p>
            ) : data.status === -1 ? (
              <p className="page-status">{t('giveaway.over')}</p>
            ) : (
              <>
                <p className="giveaway__intro">{t('giveaway.intro')}</p>
                <form className="giveaway__form" aria-label={t('giveaway.check')} {...check.formProps}>
                  <Field id="giveaway-mobile" label={t('giveaway.mobile')}>
                    <input
                      id="giveaway-mobile"
                      name="mobile"
                      className="field__input"
                      type="tel"
                      inputMode="numeric"
                      autoComplete="tel"
                      maxLength={20}
                      value={mobile}
                      readOnly={eligible !== undefined}
                      onInput={(event) => setMobile(event.currentTarget.value)}
                    />
                  </Field>
                  {eligible === undefined ? (
                    <button
                      type="submit"
                      className="button button--primary button--block"
                      disabled={!mobileValid || check.busy}
                    >
                      {t('giveaway.check')}
                    </button>
                  ) : null}
                </form>
                {eligible !== undefined ? (
                  <form
                    className="giveaway__form"
                    aria-label={t('giveaway.register')}
                    {...register.formProps}
                  >
                    {needsSmsCode ? (
                      <Field
                        id="giveaway-code"
                        label={t('giveaway.smsCode')}
                        end={
                          <button
                            type="button"
                            className="button button--ghost"
                            onClick={() => void sendCode()}
                          >
                            {t('giveaway.sendCode')}
                          </button>
                        }
                      >
                        <input
                          id="giveaway-code"
                          name="smsCode"
                          className="field__input"
                          type="text"
                          inputMode="numeric"
                          autoComplete="one-time-code"
                          maxLength={6}
                          value={smsCode}
                          onInput={(event) => setSmsCode(event.currentTarget.value)}
                        />
                      </Field>
                    ) : null}
                    <Field id="giveaway-password" label={t('giveaway.password')}>
                      <input
                        id="giveaway-password"
                        name="password"
                        className="field__input"
                        type="password"
                        autoComplete="new-password"
                        maxLength={20}
                        value={password}
                        onInput={(event) => setPassword(event.currentTarget.value)}
                      />
                    </Field>
                    <button
                      type="submit"
                      className="button button--primary button--block"
                      disabled={!canRegister || register.busy}
                    >
                      {t('giveaway.register')}
                    </button>
                  </form>
                ) : null}
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
