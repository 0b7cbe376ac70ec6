import type { Job } from '../../jobs/scheduler.ts';
import { repairInterruptedRounds, type InhouseDeps } from './inhouse.service.ts';

/**
 * Rounds interrupted by a stop are repaired soon after start (and checked again every minute, which also
 * covers another process that stopped). Only rounds older than a minute are touched: a younger one may
 * still be in the hands of the request that started it.
 */
export function inhouseJobs(deps: InhouseDeps): Job[] {
  return [{ name: 'repair-inhouse-rounds', intervalMs: 60_000, run: () => repairInterruptedRounds(deps) }];
}
