import { TASK_STATUS, TASK_TYPE, taskProgress, type DiamondTask } from '@app/contracts/diamonds';
import type { Translate } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** The task's title: a bet task stakes its target on games, a deposit task deposits it. */
export function taskTitle(task: Pick<DiamondTask, 'type' | 'target'>, t: Translate, amount: string): string {
  if (task.type === TASK_TYPE.bet) return t('diamonds.taskBet', { amount });
  if (task.type === TASK_TYPE.deposit) return t('diamonds.taskDeposit', { amount });
  throw new Error('not support type');
}

/**
 * One task (spec §2 task row, §4): level label (index + 1), title, bonus, progress (100 only when reached,
 * else capped below), and Go / Receive / Received (status 4).
 */
export function TaskRow({
  task,
  t,
  busy,
  onGo,
  onReceive,
}: {
  task: DiamondTask;
  t: Translate;
  busy?: boolean;
  onGo: (task: DiamondTask) => void;
  onReceive: (task: DiamondTask) => void;
}) {
  const money = useMoneyFormat();
  const progress = taskProgress(task.current, task.target, 99);
  const collected = task.status === TASK_STATUS.collected;
  const reached = !collected && task.current >= task.target;
  return (
    <li className="diamond-task" data-testid="task-row">
      <span className="diamond-task__level">{t('diamonds.level', { level: task.index + 1 })}</span>
      <div className="diamond-task__body">
        <p className="diamond-task__title">
          {taskTitle(task, t, `${money.currency} ${money.format(task.target)}`)}
        </p>
        <p className="diamond-task__bonus">
          {t('diamonds.bonus', { count: task.bonus })}
          {task.originalBonus > task.bonus ? <s className="muted"> {task.originalBonus}</s> : null}
        </p>
        <div
          className="diamond-task__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span style={{ width: `${progress}%` }} />
        </div>
        <span className="diamond-task__percent" data-testid="task-progress">
          {progress}%
        </span>
      </div>
      {collected ? (
        <button type="button" className="button button--small" disabled data-testid="task-received">
          {t('diamonds.received')}
        </button>
      ) : reached ? (
        <button
          type="button"
          className="button button--small button--primary"
          disabled={busy}
          onClick={() => onReceive(task)}
          data-testid="task-receive"
        >
          {t('diamonds.receive')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => onGo(task)}
          data-testid="task-go"
        >
          {t('diamonds.go')}
        </button>
      )}
    </li>
  );
}
