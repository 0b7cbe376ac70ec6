import { SYSTEM_OPTION } from '@app/contracts/config';
import { TASK_TYPE, type DiamondTask } from '@app/contracts/diamonds';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { collectDiamondTask } from '../api/collect-diamond-task.ts';
import { diamondTasksQuery } from '../api/get-diamond-tasks.ts';
import { DiamondNav } from '../components/diamond-nav.tsx';
import { ResetCountdown } from '../components/reset-countdown.tsx';
import { TaskRow } from '../components/task-row.tsx';
import { DIAMOND_TEXTS } from '../texts.ts';
import '../components/diamonds.css';

/** `/diamond/tasks` (spec §2): today's tasks with progress; Go to play or deposit, Receive collects. */
export function DiamondTasksPage() {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  const navigate = useNavigate();
  const { country } = useSettings();
  const query = useQuery(diamondTasksQuery());
  const [busy, setBusy] = useState(false);
  const diamonds = useSession().profile?.diamond;
  // The operator's task tips (option 4057).
  const tips = useSystemOptions().get(SYSTEM_OPTION.TASK_TIPS);

  const onGo = (task: DiamondTask) =>
    void navigate(task.type === TASK_TYPE.bet ? PAGE_PATHS.home : PAGE_PATHS.deposit);
  const onReceive = async (task: DiamondTask) => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await collectDiamondTask(task.id);
      const profile = getProfile();
      if (profile) setProfile({ ...profile, diamond: result.diamond });
      showToast(t('diamonds.collected', { count: result.bonus }), { kind: 'success' });
      await query.refetch();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const data = query.data;
  return (
    <div className="diamonds" data-testid="diamond-tasks-page">
      <NavBar title={t('diamonds.tasksTitle')} />
      <div className="diamonds__body">
        <div className="diamonds__balance">
          <span>{t('diamonds.balance')}</span>
          <strong data-testid="diamond-balance">
            {diamonds === undefined ? '…' : diamonds.toLocaleString(country.locale)}
          </strong>
        </div>
        <DiamondNav t={t} />
        {data ? <ResetCountdown config={data} t={t} onReset={() => void query.refetch()} /> : null}
        {data ? (
          data.tasks.length === 0 ? (
            <p className="page-status">{t('diamonds.noTasks')}</p>
          ) : (
            <ul className="diamond-tasks">
              {data.tasks.map((task) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  t={t}
                  busy={busy}
                  onGo={onGo}
                  onReceive={(chosen) => void onReceive(chosen)}
                />
              ))}
            </ul>
          )
        ) : (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        )}
        {tips ? <p className="diamonds__note">{tips}</p> : null}
        <p className="diamonds__note">{t('diamonds.dayNote')}</p>
      </div>
    </div>
  );
}
