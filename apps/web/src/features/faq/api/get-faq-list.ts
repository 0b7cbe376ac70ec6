import type { FaqItem } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export type FaqPage = { list: FaqItem[]; total: number; page: number; size: number };

export const FAQ_PAGE_SIZE = 20;

export function faqListQuery(type: number, page: number, language: string): QueryOptions<FaqPage> {
  return {
    queryKey: ['faq', type, page, language],
    queryFn: () => request<FaqPage>(CONFIG_PATHS.faqByType, { params: { type, page, size: FAQ_PAGE_SIZE } }),
    staleTime: 10 * 60_000,
  };
}

export function useFaqList(type: number, page: number) {
  const { language } = useTranslation();
  return useQuery(faqListQuery(type, page, language));
}
