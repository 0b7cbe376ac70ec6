import type { AdvertItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../lib/query.ts';
import { operatorContentQuery } from './operator-content.ts';

/** Adverts of one position, in the operator's order; the last good answer is served offline. */
export function advertsQuery(position: number, language: string): QueryOptions<AdvertItem[]> {
  return operatorContentQuery<AdvertItem[]>({
    queryKey: ['adverts', position, language],
    copyKey: `advert:${language}:${position}`,
    path: CONFIG_PATHS.advertsByPosition,
    params: { typeId: position },
    language,
    staleTime: 5 * 60_000,
  });
}

/** Failures are only logged (spec §8): the list is then empty and the slot stays quiet. */
export function useAdverts(position: number): AdvertItem[] {
  const { language } = useTranslation();
  return useQuery(advertsQuery(position, language)).data ?? [];
}
