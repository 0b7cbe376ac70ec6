import type { AdvertItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../lib/i18n.ts';
import { readLocalCopy, withLocalCopy } from '../lib/local-copy.ts';
import { useQuery, type QueryOptions } from '../lib/query.ts';
import { request } from '../lib/request.ts';

const copyKey = (position: number, language: string) => `advert:${language}:${position}`;

/** Adverts of one position, in the operator's order; the last good answer is served offline. */
export function getAdverts(position: number, language: string): Promise<AdvertItem[]> {
  return withLocalCopy(copyKey(position, language), () =>
    request<AdvertItem[]>(CONFIG_PATHS.advertsByPosition, { params: { typeId: position } }),
  );
}

export function getAdvertsQueryOptions(position: number, language: string): QueryOptions<AdvertItem[]> {
  return {
    queryKey: ['adverts', position, language],
    queryFn: () => getAdverts(position, language),
    staleTime: 5 * 60_000,
    initialData: () => readLocalCopy<AdvertItem[]>(copyKey(position, language)),
  };
}

/** Failures are only logged (spec §8): the list is then empty and the slot stays quiet. */
export function useAdverts(position: number): AdvertItem[] {
  const { language } = useTranslation();
  return useQuery(getAdvertsQueryOptions(position, language)).data ?? [];
}
