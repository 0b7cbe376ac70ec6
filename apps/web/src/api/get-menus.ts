import type { MenuItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../lib/i18n.ts';
import { readLocalCopy, withLocalCopy } from '../lib/local-copy.ts';
import { useQuery, type QueryOptions } from '../lib/query.ts';
import { request } from '../lib/request.ts';

const copyKey = (position: number, language: string) => `menu:${language}:${position}`;

export function getMenus(position: number, language: string): Promise<MenuItem[]> {
  return withLocalCopy(copyKey(position, language), () =>
    request<MenuItem[]>(CONFIG_PATHS.menusByPosition, { params: { position } }),
  );
}

export function getMenusQueryOptions(position: number, language: string): QueryOptions<MenuItem[]> {
  return {
    queryKey: ['menus', position, language],
    queryFn: () => getMenus(position, language),
    staleTime: 5 * 60_000,
    initialData: () => readLocalCopy<MenuItem[]>(copyKey(position, language)),
  };
}

export function useMenus(position: number): { menus: MenuItem[]; isPending: boolean } {
  const { language } = useTranslation();
  const query = useQuery(getMenusQueryOptions(position, language));
  return { menus: query.data ?? [], isPending: query.status === 'pending' };
}
