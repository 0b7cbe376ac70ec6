import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  factConsumer,
  type Fact,
  type FactConsumer,
  type FactConsumerDeclaration,
} from '../../platform/wallet/money-facts.ts';
import { loadProgramme, type Programme, type ProgrammeDefinition } from './programmes.ts';

type Market = Parameters<typeof loadProgramme>[2];

/**
 * A programme's consumer. Facts count while the programme is on (the operator's switch and the market's
 * law): the facts of a pause move the cursor and count for nothing, so switching it back on starts from
 * then rather than paying for play during the pause. The handler gets the programme as it is now.
 */
export function programmeFactConsumer<Settings extends Record<string, unknown>>(
  declaration: FactConsumerDeclaration & {
    programme: ProgrammeDefinition<Settings>;
    market: Market;
    handle: (trx: Transaction<Database>, facts: Fact[], programme: Programme<Settings>) => Promise<void>;
  },
): FactConsumer {
  return factConsumer({
    ...declaration,
    handle: async (trx, facts) => {
      const programme = await loadProgramme(trx, declaration.programme, declaration.market);
      if (programme.enabled) await declaration.handle(trx, facts, programme);
    },
  });
}
