import type { Job } from '../../../jobs/job-runner.ts';
import { repairInterruptedRounds, type InhouseDeps } from './inhouse.service.ts';

/**
 * Rounds interrupted by a stop. At start-up every one is repaired at once, whatever its age: this
 * process has served no request yet, so no round of its own is in the middle of one (an instant round
 * cannot go on after a restart; a mines round whose stake was taken can, and stays open for its player).
 * Every minute after, only rounds older than a minute are touched, which covers another process that
 * stopped: a younger round may still be in the hands of the request that started it. A round another live
 * process is playing is safe either way: each step is a conditional update, and the money moves under
 * the round's keys once.
 */
export function inhouseJobs(deps: InhouseDeps): Job[] {
  return [
    {
      name: 'repair-inhouse-rounds',
      schedule: { cron: '* * * * *' },
      runAtStart: () => repairInterruptedRounds(deps, { minAgeMs: 0 }),
      run: () => repairInterruptedRounds(deps),
    },
  ];
}
