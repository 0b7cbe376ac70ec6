import type { DataProvider } from 'ra-core';
import type { MemberSummary, PlayerView } from '@app/contracts/back-office';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callAdminApi } from './api.ts';
import { COMPLIANCE_LISTS } from './compliance/compliance-data.ts';
import { programmesData } from './programmes/provider.ts';

function unsupported(what: string): never {
  throw new Error(`The back office has no ${what} yet`);
}

/**
 * ra-core's data provider over the `/api/admin` routes. Only what the screens use exists: a list of
 * players is a search (no query, no list: the back office never lists every player), a record is a
 * player's view.
 */
export const dataProvider: DataProvider = {
  getList: async (resource, params) => {
    const { filter } = params;
    const compliance = COMPLIANCE_LISTS[resource];
    if (compliance) return compliance(filter ?? {});
    if (programmesData[resource]) return programmesData[resource].getList(resource, params);
    if (resource !== 'players') unsupported(`list of ${resource}`);
    const query = typeof filter?.q === 'string' ? filter.q.trim() : '';
    if (!query) return { data: [], total: 0 };
    const data = await callAdminApi<MemberSummary[]>(ADMIN_PATHS.members, { query: { query } });
    // Cast: the record type is the caller's generic; ours is the contract's.
    return { data: data as never[], total: data.length };
  },
  getOne: async (resource, params) => {
    const { id } = params;
    if (programmesData[resource]) return programmesData[resource].getOne(resource, params);
    if (resource !== 'players') unsupported(`record of ${resource}`);
    const view = await callAdminApi<PlayerView>(ADMIN_PATHS.member.replace(':id', String(id)));
    // ra-core keys records by `id`: the view's is the member's.
    return { data: { id: view.member.id, ...view } as never };
  },
  getMany: () => unsupported('getMany'),
  getManyReference: () => unsupported('getManyReference'),
  create: () => unsupported('create'),
  update: async (resource, params) => {
    if (programmesData[resource]) return programmesData[resource].update(resource, params);
    return unsupported('update');
  },
  updateMany: () => unsupported('updateMany'),
  delete: () => unsupported('delete'),
  deleteMany: () => unsupported('deleteMany'),
};
