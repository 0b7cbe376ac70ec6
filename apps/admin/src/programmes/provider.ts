import type { DataProvider } from 'ra-core';
import type { AdminDrawList, ProgrammeBudget } from '@app/contracts/back-office-programmes';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { ProgrammeForm, ProgrammeView } from '@app/contracts/promotions';
import { callAdminApi } from '../api.ts';

/** A row of the programmes screen: the programme as the operator API shows it, with its budget. */
export type ProgrammeRow = ProgrammeView & { id: string; budget: ProgrammeBudget | undefined };
/** The edit page's record: the programme and its settings form. */
export type ProgrammeRecord = ProgrammeView & { id: string; form: ProgrammeForm };

const programmePath = (code: string) => ADMIN_PATHS.promotionProgramme.replace(':code', code);

async function programmeRows(): Promise<ProgrammeRow[]> {
  const [programmes, budgets] = await Promise.all([
    callAdminApi<ProgrammeView[]>(ADMIN_PATHS.promotionProgrammes),
    callAdminApi<ProgrammeBudget[]>(ADMIN_PATHS.promotionBudgets),
  ]);
  return programmes.map((programme) => ({
    ...programme,
    id: programme.code,
    budget: budgets.find((budget) => budget.code === programme.code),
  }));
}

/**
 * The data provider's part for the programmes and draws screens (issue 26 §5): `programmes` lists every
 * programme with its budget, reads one with its settings form and saves its switch and settings (the PUT
 * checks them and writes the audit entry); `draws` lists the latest draws, of one product when filtered.
 */
export const programmesData: Record<string, Pick<DataProvider, 'getList' | 'getOne' | 'update'>> = {
  programmes: {
    getList: async () => {
      const rows = await programmeRows();
      return { data: rows as never[], total: rows.length };
    },
    getOne: async (_resource, { id }) => {
      const code = String(id);
      const [programmes, form] = await Promise.all([
        callAdminApi<ProgrammeView[]>(ADMIN_PATHS.promotionProgrammes),
        callAdminApi<ProgrammeForm>(ADMIN_PATHS.promotionProgrammeForm.replace(':code', code)),
      ]);
      const programme = programmes.find((each) => each.code === code);
      if (!programme) throw new Error(`No programme ${code}`);
      return { data: { ...programme, id: code, form } as never };
    },
    update: async (_resource, { id, data }) => {
      const { enabled, settings } = data as { enabled: boolean; settings: Record<string, unknown> };
      const view = await callAdminApi<ProgrammeView>(programmePath(String(id)), {
        method: 'PUT',
        body: { enabled, settings },
      });
      return { data: { ...view, id: view.code } as never };
    },
  },
  draws: {
    getList: async (_resource, { filter }) => {
      const product = typeof filter?.product === 'string' && filter.product ? filter.product : undefined;
      const list = await callAdminApi<AdminDrawList>(
        ADMIN_PATHS.draws,
        product ? { query: { product } } : {},
      );
      // The products ride along for the filter's choices (ra-core keeps `meta` beside the page).
      return { data: list.draws as never[], total: list.draws.length, meta: { products: list.products } };
    },
    getOne: async () => {
      throw new Error('The back office has no record of a draw yet');
    },
    update: async () => {
      throw new Error('Draws are read only');
    },
  },
};
