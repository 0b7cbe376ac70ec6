import { NESTED_DEPOSIT_CLOSE_MESSAGE } from '@app/contracts/deposit-rules';
import { ERRORS } from '@app/contracts/errors';
import { IN_OTHER_GAMES_MESSAGE, type GameMode } from '@app/contracts/game-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { markOneDeviceTold } from '../../../lib/member-activity.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { isApiError } from '../../../lib/request.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { launchGame } from '../api/launch-game.ts';
import { syncGameKickOut } from '../api/sync-game-kick-out.ts';
import { RealityCheck } from '../components/reality-check.tsx';
import {
  isGameMode,
  isInOtherGamesMessage,
  isTrustedOrigin,
  parseFrameOptions,
  type FrameOptions,
} from '../game-rules.ts';
import '../components/games.css';

type TopUpProps = { message: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void };

/**
 * What other features show in the game page, composed in by src/app (each may be a lazy chunk: the page
 * waits for none of them). Without one, the page shows nothing there (the plain confirm for the top-up).
 */
export type CasinoParts = {
  /** In the bar, launch mode: the active bonus's stake limit and its forfeit (issue 22 §2). */
  stakeLimit?: (props: { gameId: number; onForfeited: () => void }) => ReactNode;
  /** Launch mode: the launch task entry (issue 14 §4). */
  launchTask?: (props: { gameId: number; onOpenDeposit: () => void }) => ReactNode;
  /** The top-up confirm, with the first-deposit bonus offer where it applies (issue 14 §2). */
  topUp?: (props: TopUpProps) => ReactNode;
};

type Launch =
  | { kind: 'launching' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; error: unknown }
  /** Another device holds the right to bet: the frame is blanked and the player told. */
  | { kind: 'kicked-out' };

const BLANK = 'about:blank';
const ALERT = 'casino-alert';

/**
 * `/casino/{mode}/{id}` (spec §2, §4): the game in a full-screen frame. The route guard asks a visitor to
 * log in for `launch`; `demo` needs no login and warns that demo money cannot be withdrawn.
 */
export function CasinoPage({ mode, parts = {} }: { mode: GameMode; parts?: CasinoParts }) {
  const { id } = useParams();
  const { search } = useLocation();
  const options = useMemo(() => parseFrameOptions(search), [search]);
  const gameId = Number(id);
  if (!isGameMode(mode) || !/^\d{1,10}$/.test(id ?? '') || !Number.isSafeInteger(gameId) || gameId <= 0)
    return <Navigate to={PAGE_PATHS.home} replace />;
  return <CasinoGame key={`${mode}/${gameId}`} mode={mode} gameId={gameId} options={options} parts={parts} />;
}

function CasinoGame({
  mode,
  gameId,
  options,
  parts,
}: {
  mode: GameMode;
  gameId: number;
  options: FrameOptions;
  parts: CasinoParts;
}) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const location = useLocation();
  const [launch, setLaunch] = useState<Launch>({ kind: 'launching' });
  /** Bumped to load the frame's address again (after a deposit with refresh=1, after the kick-out sync). */
  const [frameLoad, setFrameLoad] = useState(0);
  const [nestedOpen, setNestedOpen] = useState(false);
  const [demoWarning, setDemoWarning] = useState(mode === 'demo');
  // The frame element, kept after React lets go of it so leaving the page can still blank it.
  const frame = useRef<HTMLIFrameElement | null>(null);
  const keepFrame = useCallback((element: HTMLIFrameElement | null) => {
    if (element) frame.current = element;
  }, []);

  useEffect(() => {
    let current = true;
    launchGame({ id: gameId, mode }).then(
      ({ url }) => current && setLaunch({ kind: 'ready', url }),
      (error: unknown) => current && setLaunch({ kind: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [gameId, mode]);

  // Leaving the page blanks the frame (the game stops at once, sound and all) and closes the nested deposit.
  useEffect(
    () => () => {
      if (frame.current) frame.current.src = BLANK;
      setNestedOpen(false);
    },
    [],
  );

  // Read by the message listener when a message comes, so it never judges by an older address.
  const frameUrl = useRef<string | undefined>(undefined);
  frameUrl.current = launch.kind === 'ready' ? launch.url : undefined;
  const reloadFrame = useCallback(() => setFrameLoad((count) => count + 1), []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own pages and the provider page we loaded may steer this page.
      if (!isTrustedOrigin(event.origin, window.location.origin, frameUrl.current)) return;
      const data: unknown = event.data;
      if (
        event.origin === window.location.origin &&
        typeof data === 'object' &&
        data !== null &&
        (data as { type?: unknown }).type === NESTED_DEPOSIT_CLOSE_MESSAGE
      ) {
        setNestedOpen(false);
        if (options.refresh) reloadFrame();
        return;
      }
      if (isInOtherGamesMessage(data, IN_OTHER_GAMES_MESSAGE)) {
        // Spec §4: the kick-out sync, then the frame again; a device that lost the right is told instead.
        void syncGameKickOut()
          .then(({ kickedOut }) => {
            if (kickedOut) {
              // Told here, so the app's polling does not tell this login session again after the game.
              markOneDeviceTold();
              if (frame.current) frame.current.src = BLANK;
              setLaunch({ kind: 'kicked-out' });
            } else {
              reloadFrame();
            }
          })
          .catch(reloadFrame);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [options.refresh, reloadFrame]);

  const failure = launch.kind === 'failed' ? launch.error : undefined;
  const failureCode = isApiError(failure) ? failure.code : undefined;
  const asksLogin = failureCode === ERRORS.UNAUTHORIZED.code;
  const asksTopUp = failureCode === ERRORS.TOP_UP_FIRST.code;
  // The market's identity gate (issue 25 §1): the way to verify, not a dead end.
  const asksVerify = failureCode === ERRORS.KYC_REQUIRED.code;
  const toldOneDevice = launch.kind === 'kicked-out' || failureCode === ERRORS.ONE_DEVICE.code;
  const alert = usePopup(ALERT, asksLogin || asksTopUp || asksVerify || toldOneDevice);
  // The alert's lock is given up before leaving (as the route guard does), not left to the unmount.
  const leave = (go: () => void) => () => {
    releasePopup(ALERT);
    go();
  };
  const topUp: TopUpProps = {
    message: t('errors.TOP_UP_FIRST'),
    confirmLabel: t('home.deposit'),
    onConfirm: leave(() => void navigate(PAGE_PATHS.deposit, { replace: true })),
    onCancel: leave(goBack),
  };
  const { insets } = options;

  return (
    <div className="casino" data-testid="casino">
      {/* The app's own controls live in a bar of their own above the game, never over the game's buttons
          (its title, balance, Home or bet controls, wherever a game puts them): the task entry too. */}
      <div className="casino__bar" data-testid="casino-bar">
        <button
          type="button"
          className="icon-button casino__close"
          aria-label={t('common.close')}
          onClick={goBack}
        >
          <CloseIcon />
        </button>
        {demoWarning ? (
          <div className="casino__demo-warning" role="note" data-testid="demo-warning">
            <p>{t('games.demoWarning')}</p>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common.close')}
              onClick={() => setDemoWarning(false)}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        ) : mode === 'launch' && launch.kind === 'ready' ? (
          <Suspense fallback={<span className="casino__spacer" />}>
            {parts.stakeLimit?.({ gameId, onForfeited: reloadFrame })}
            <span className="casino__spacer" />
          </Suspense>
        ) : (
          <span className="casino__spacer" />
        )}
        {mode === 'launch' && launch.kind === 'ready' ? (
          <Suspense fallback={null}>
            {parts.launchTask?.({ gameId, onOpenDeposit: () => setNestedOpen(true) })}
          </Suspense>
        ) : null}
        {options.show && mode === 'launch' && launch.kind === 'ready' ? (
          <button
            type="button"
            className="casino__deposit"
            title={t('games.depositShortcut')}
            data-testid="deposit-shortcut"
            onClick={() => setNestedOpen(true)}
          >
            {t('home.deposit')}
          </button>
        ) : null}
      </div>

      {/* Real money only: the market's reality check over whatever game the frame shows (issue 25 §3). */}
      {mode === 'launch' && launch.kind === 'ready' ? (
        <RealityCheck everyMinutes={country.compliance.breaks.realityCheckMinutes} onStop={goBack} />
      ) : null}

      <div className="casino__stage">
        {launch.kind === 'ready' ? (
          <iframe
            // A new key loads the address again: a reload that also works for another site's page.
            key={frameLoad}
            ref={keepFrame}
            className="casino__frame"
            // A frame is a replaced element: opposite insets do not stretch it (it would keep its default
            // 300 × 150), so its size is given as the stage less the insets.
            style={{
              top: `${insets.top}px`,
              left: `${insets.left}px`,
              width: `calc(100% - ${insets.left + insets.right}px)`,
              height: `calc(100% - ${insets.top + insets.bottom}px)`,
            }}
            src={launch.url}
            title={t('games.frameTitle')}
            allow="autoplay; fullscreen"
            data-testid="game-frame"
          />
        ) : null}

        {launch.kind === 'launching' ? (
          <div className="casino__status" aria-busy="true">
            <span className="spinner" aria-hidden="true" />
            <span>{t('common.loading')}</span>
          </div>
        ) : null}
        {launch.kind === 'failed' && !asksLogin && !asksTopUp && !asksVerify && !toldOneDevice ? (
          <div className="casino__status" role="alert">
            <p>{isApiError(failure) ? failure.message : t('errors.INTERNAL')}</p>
            <button type="button" className="button button--primary" onClick={goBack}>
              {t('common.back')}
            </button>
          </div>
        ) : null}
      </div>

      {nestedOpen ? (
        <div className="casino__nested" data-testid="nested-deposit-layer">
          <iframe src={PAGE_PATHS.nestedDeposit} title={t('tabs.deposit')} />
        </div>
      ) : null}

      {alert && asksLogin ? (
        <ConfirmDialog
          message={t('msg_login')}
          confirmLabel={t('session.login')}
          onConfirm={leave(
            () => void navigate(loginPath(`${location.pathname}${location.search}`), { replace: true }),
          )}
          onCancel={leave(goBack)}
        />
      ) : null}
      {alert && asksVerify ? (
        <ConfirmDialog
          message={t('errors.KYC_REQUIRED')}
          confirmLabel={t('kyc.start')}
          onConfirm={leave(() => void navigate(PAGE_PATHS.kyc, { replace: true }))}
          onCancel={leave(goBack)}
        />
      ) : null}
      {alert && asksTopUp ? (
        <Suspense fallback={<ConfirmDialog {...topUp} />}>
          {parts.topUp ? parts.topUp(topUp) : <ConfirmDialog {...topUp} />}
        </Suspense>
      ) : null}
      {alert && toldOneDevice ? (
        <Dialog
          label={t('errors.ONE_DEVICE')}
          onClose={leave(goBack)}
          className="confirm"
          testId="casino-one-device"
        >
          <p className="confirm__message">{t('errors.ONE_DEVICE')}</p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={leave(goBack)}>
              {t('common.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
