import type { MenuItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../lib/query.ts';
import { operatorContentQuery } from './operator-content.ts';

/** Menu items of one position; the last good answer is served offline. */
export function menusQuery(position: number, language: string): QueryOptions<MenuItem[]> {
  return operatorContentQuery<MenuItem[]>({
    queryKey: ['menus', position, language],
    copyKey: `menu:${language}:${position}`,
    path: CONFIG_PATHS.menusByPosition,
    params: { position },
    language,
    staleTime: 5 * 60_000,
  });
}

export function useMenus(position: number): { menus: MenuItem[]; isPending: boolean } {
  const { language } = useTranslation();
  const query = useQuery(menusQuery(position, language));
  return { menus: query.data ?? [], isPending: query.status === 'pending' };
}
