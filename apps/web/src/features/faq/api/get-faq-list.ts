import type { FaqItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export type FaqPage = { list: FaqItem[]; total: number; page: number; size: number };

export const FAQ_PAGE_SIZE = 20;

export function getFaqList(type: number, page: number, size = FAQ_PAGE_SIZE): Promise<FaqPage> {
  return request<FaqPage>(CONFIG_PATHS.faqByType, { params: { type, page, size } });
}

export function getFaqListQueryOptions(type: number, page: number, language: string): QueryOptions<FaqPage> {
  return {
    queryKey: ['faq', type, page, language],
    queryFn: () => getFaqList(type, page),
    staleTime: 10 * 60_000,
  };
}

export function useFaqList(type: number, page: number) {
  const { language } = useTranslation();
  return useQuery(getFaqListQueryOptions(type, page, language));
}
