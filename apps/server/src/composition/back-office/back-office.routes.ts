import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { PaymentDeps } from '../../modules/payments/channels/payment-deps.ts';
import type { RevenueDeps } from '../../modules/platform/revenue/revenue-report.ts';
import { backOfficeComplianceRoutes } from './compliance.routes.ts';
import { backOfficeFleetRoutes } from './fleet.routes.ts';
import { backOfficeContentRoutes } from './content.routes.ts';
import { backOfficeMoneyRoutes } from './money.routes.ts';
import { backOfficePlayerCareRoutes } from './player-care.routes.ts';
import { backOfficePlayersRoutes } from './players.routes.ts';
import { backOfficeReportsRoutes } from './reports.routes.ts';

/**
 * The back office's own `/api/admin` routes (issue 26, docs/back-office.md): the reads and decisions that
 * span several modules, composed here above them. Each route declares its permission; the permission
 * matrix test holds every one of them to it.
 */
export async function backOfficeRoutes(
  api: FastifyInstance,
  options: {
    payments: PaymentDeps;
    revenue: RevenueDeps;
    /** The shipped pictures' folder (served at /statics/): an advert's picture must be one of its files. */
    staticDir: string;
    /** The upload store (avatars' too): where an operator's uploaded pictures are kept. */
    uploads: FileStore;
    christmas: boolean;
  },
): Promise<void> {
  const { db, country } = options.payments;
  await api.register(backOfficePlayersRoutes, { deps: options.payments });
  await api.register(backOfficeComplianceRoutes, { db });
  await api.register(backOfficeMoneyRoutes, { deps: options.payments });
  await api.register(backOfficePlayerCareRoutes, { db, country });
  await api.register(backOfficeReportsRoutes, { deps: options.revenue });
  await api.register(backOfficeFleetRoutes, { db });
  await api.register(backOfficeContentRoutes, {
    db,
    staticDir: options.staticDir,
    uploads: options.uploads,
    christmas: options.christmas,
  });
}
