import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { InviteTask } from '@app/contracts/referral';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { setProfile } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { getMemberInfo } from '../../../api/get-member-info.ts';
import { collectInviteTask } from '../api/collect-invite-task.ts';
import { inviteTasksQuery } from '../api/get-invite-tasks.ts';
import { useRewardText } from '../components/use-reward-text.ts';
import { REFERRAL_TEXTS } from '../texts.ts';
import '../components/referral.css';

/**
 * `/activities/invite-tasks/{id}` (spec §2): invite 1, 3, 10 friends who get rewarded → a reward each,
 * collected once; Invite leads to the share popup (`/activities/invite/{id}/share`).
 */
export function InviteTasksPage() {
  const { t, ready } = useFeatureTranslation(REFERRAL_TEXTS);
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const query = useQuery({ ...inviteTasksQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const rewardText = useRewardText(t);
  const [busy, setBusy] = useState(false);
  const onReceive = async (task: InviteTask) => {
    if (busy) return;
    setBusy(true);
    try {
      await collectInviteTask(id, task.id);
      showToast(t('referral.taskCollected'), { kind: 'success' });
      await Promise.all([query.refetch(), getMemberInfo().then(setProfile)]);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const tasks = query.data;
  return (
    <div className="referral" data-testid="invite-tasks-page">
      <NavBar title={t('referral.tasksTitle')} />
      <div className="referral__body">
        {tasks ? (
          tasks.length === 0 ? (
            <p className="referral__note">{t('referral.off')}</p>
          ) : (
            <ul className="referral__list">
              {tasks.map((task) => (
                <li key={task.id} className="referral__item" data-testid="invite-task">
                  <span>{t('referral.taskLabel', { count: task.invites })}</span>
                  <strong className="referral__amount">{rewardText(task)}</strong>
                  <span className="referral__progress">
                    {t('referral.taskProgress', {
                      current: Math.min(task.current, task.invites),
                      count: task.invites,
                    })}
                  </span>
                  {task.status === 4 ? (
                    <button type="button" className="button button--ghost" disabled>
                      {t('referral.received')}
                    </button>
                  ) : task.status === 1 ? (
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={busy}
                      onClick={() => void onReceive(task)}
                    >
                      {t('referral.receive')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => void navigate(PAGE_PATHS.invite(id, 'share'))}
                    >
                      {t('referral.invite')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    </div>
  );
}
