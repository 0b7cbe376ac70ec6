import { readWithdrawSwitch } from '@app/contracts/withdraw-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useKyc } from '../../../components/kyc/api/get-kyc.ts';
import { useKycConfig } from '../../../components/kyc/api/get-kyc-config.ts';
import { KycPopup } from '../../../components/kyc/kyc-popup.tsx';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { PaymentsPausedBanner } from '../../../components/ui/payments-paused-banner.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { setProfile, useIsLoggedIn } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getMemberInfo } from '../../../api/get-member-info.ts';
import { withdrawChannelsQuery } from '../api/get-withdraw-channels.ts';
import { withdrawSwitchQuery } from '../api/get-withdraw-switch.ts';
import { AlertDialog } from '../components/alert-dialog.tsx';
import { WithdrawForm } from '../components/withdraw-form.tsx';
import '../components/withdraw.css';

/**
 * Spec §8: a withdraw page load error is logged and its server message toasted, once per failure (the
 * retry view under it stays, so the member can try again without leaving).
 */
function useToastLoadError(error: unknown, what: string): void {
  useEffect(() => {
    if (error === undefined || error === null) return;
    console.warn(`[withdraw] ${what} not loaded`, error);
    toastError(error);
  }, [error, what]);
}

/**
 * `/withdraw` (the tab, unguarded: a visitor sees the login-required view) and `/account/withdraw`
 * (spec §4). Config 6002 first: not exactly one entry or switched off shows its message and goes back.
 * Then the channels, a fresh profile, and the form; a member who must verify their identity first gets
 * the KYC popup, and closing it unfinished leaves the page.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  return (
    <div className="withdraw">
      <NavBar title={t('tabs.withdraw')} />
      {isLoggedIn ? <WithdrawScreen /> : <LoginRequired title={t('tabs.withdraw')} />}
    </div>
  );
}

function WithdrawScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const switchQuery = useQuery(withdrawSwitchQuery());
  useToastLoadError(switchQuery.status === 'error' ? switchQuery.error : undefined, 'config 6002');
  const state = switchQuery.data ? readWithdrawSwitch(switchQuery.data) : undefined;
  const [alertClosed, setAlertClosed] = useState(false);
  const showAlert = usePopup('withdraw-disabled', state?.enabled === false && !alertClosed);

  if (switchQuery.status === 'error' && !switchQuery.data) {
    return (
      <QueryStatus status="error" error={switchQuery.error} onRetry={() => void switchQuery.refetch()} />
    );
  }
  if (!state) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  if (!state.enabled) {
    const message = state.message === 'uninitialized' ? t('withdraw.uninitialized') : state.message;
    return showAlert ? (
      <AlertDialog
        message={message || t('errors.WITHDRAW_DISABLED')}
        onClose={() => {
          setAlertClosed(true);
          goBack();
        }}
      />
    ) : null;
  }
  return <EnabledWithdraw />;
}

function EnabledWithdraw() {
  const { language } = useTranslation();
  const goBack = useGoBack();
  const channels = useQuery(withdrawChannelsQuery(language));
  useToastLoadError(channels.status === 'error' ? channels.error : undefined, 'channels');
  const kycConfig = useKycConfig();
  const kyc = useKyc();
  const [serverSaysKyc, setServerSaysKyc] = useState(false);

  // Spec §4: entering the page refreshes the profile (the balances shown are the server's).
  useEffect(() => {
    getMemberInfo().then(setProfile, toastError);
  }, []);

  const recordSaysKyc =
    kycConfig.data?.enable === true && (kyc.data?.status === 'none' || kyc.data?.status === 'rejected');
  const kycRequired = recordSaysKyc || serverSaysKyc;
  const showKyc = usePopup('kyc-form', kycRequired);

  const navigate = useNavigate();
  // The form is the first step of verification (issue 25 §1): the photo comes next, on the verification page.
  const submitted = useCallback(() => {
    setServerSaysKyc(false);
    void navigate(PAGE_PATHS.kyc);
  }, [navigate]);
  const status = kyc.data?.status;
  const onKycRequired = useCallback(() => {
    // Details already sent (waiting for the photo, or in review): the verification page, not the form again.
    if (status === 'pending' || status === 'needs-review') void navigate(PAGE_PATHS.kyc);
    else setServerSaysKyc(true);
  }, [navigate, status]);

  return (
    <>
      <PaymentsPausedBanner />
      {channels.data ? (
        <WithdrawForm channels={channels.data} onKycRequired={onKycRequired} />
      ) : (
        <QueryStatus
          status={channels.status}
          error={channels.error}
          onRetry={() => void channels.refetch()}
        />
      )}
      {showKyc ? <KycPopup onClose={goBack} onSubmitted={submitted} /> : null}
    </>
  );
}
