import type { GetListResult } from 'ra-core';
import {
  COMPLIANCE_PATHS,
  type LimitChange,
  type RegisterEntry,
} from '@app/contracts/back-office-compliance';
import type { KycReview } from '@app/contracts/kyc';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callAdminApi } from '../api.ts';

type Filter = Record<string, unknown>;

/** A filter's filled-in values as a query (empty fields are not sent: the server's defaults apply). */
function queryOf(filter: Filter, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = filter[name];
      return value === undefined || value === null || String(value).trim() === ''
        ? []
        : [[name, String(value).trim()]];
    }),
  );
}

// Cast: ra-core's record type is the caller's generic; ours are the contracts'.
const listOf = <T>(data: T[]) => ({ data: data as never[], total: data.length });

/**
 * The lists of the identity and responsible-gambling screens (issue 26 §4), for data-provider.ts: each a
 * read of an `/api/admin` route, its records keyed by `id` as ra-core wants them.
 */
export const COMPLIANCE_LISTS: Record<string, (filter: Filter) => Promise<GetListResult>> = {
  'kyc-reviews': async () => {
    const reviews = await callAdminApi<KycReview[]>(ADMIN_PATHS.kycReviews);
    return listOf(reviews.map((review) => ({ id: review.memberId, ...review })));
  },
  exclusions: async (filter) => {
    const entries = await callAdminApi<RegisterEntry[]>(COMPLIANCE_PATHS.register, {
      query: queryOf(filter, ['kind', 'state', 'memberId', 'identity']),
    });
    return listOf(entries.map((entry) => ({ ...entry, id: `${entry.kind}-${entry.id}` })));
  },
  'limit-changes': async (filter) => {
    const memberId = queryOf(filter, ['memberId']).memberId;
    if (!memberId) return listOf([]);
    return listOf(
      await callAdminApi<LimitChange[]>(
        COMPLIANCE_PATHS.limitChanges.replace(':id', encodeURIComponent(memberId)),
      ),
    );
  },
};
