import type { SystemOption, SystemOptionType } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../lib/query.ts';
import { operatorContentQuery } from './operator-content.ts';

/** Every system option of the platform in one call (spec §4: loaded at start-up). */
export function systemOptionsQuery(language: string): QueryOptions<SystemOption[]> {
  return operatorContentQuery<SystemOption[]>({
    queryKey: ['system-options', language],
    copyKey: `options:${language}`,
    path: CONFIG_PATHS.systemOptions,
    language,
    staleTime: 10 * 60_000,
  });
}

export type SystemOptionLookup = {
  isPending: boolean;
  /** The trimmed content of an option, undefined when the operator has not set it. */
  get: (type: SystemOptionType) => string | undefined;
};

export function useSystemOptions(): SystemOptionLookup {
  const { language } = useTranslation();
  const query = useQuery(systemOptionsQuery(language));
  const options = query.data ?? [];
  return {
    isPending: query.status === 'pending',
    get: (type) => {
      const content = options.find((option) => option.type === type)?.content.trim();
      return content ? content : undefined;
    },
  };
}
