import type { Kysely } from 'kysely';
import type { AdminSystemOption } from '@app/contracts/back-office-money';
import { SETTABLE_OPTION_NAMES, optionContentSchema } from '@app/contracts/back-office-money';
import { OPERATOR_ONLY_OPTION_TYPES } from '@app/contracts/config';
import type { CfGlobalRow, Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import * as repository from './config.repository.ts';

/**
 * The system options as an operator reads and changes them (issue 26 §3, the back office's System options):
 * every stored row, whatever its platform, the operator-only ones included, plus the settable options not
 * stored yet (option 6003: absent, the market's amounts apply). A change is checked by the option's own
 * schema (contracts/back-office-money.ts) and keeps the row's translations; players' apps read it on their
 * next options request (served with max-age 60 s).
 */
type Db = Kysely<Database>;

function toAdmin(row: CfGlobalRow): AdminSystemOption {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    content: row.content,
    platform: row.platform,
    operatorOnly: OPERATOR_ONLY_OPTION_TYPES.includes(row.type),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listOptionsForOperators(db: Db): Promise<AdminSystemOption[]> {
  const rows = await repository.findAllSystemOptions(db);
  const stored = rows.map(toAdmin);
  const missing = Object.entries(SETTABLE_OPTION_NAMES)
    .map(([type, name]) => ({ type: Number(type), name: name ?? '' }))
    .filter(({ type }) => !rows.some((row) => row.type === type))
    .map(({ type, name }) => ({
      id: null,
      type,
      name,
      content: '',
      platform: 0,
      operatorOnly: OPERATOR_ONLY_OPTION_TYPES.includes(type),
      updatedAt: null,
    }));
  return [...stored, ...missing].sort((a, b) => a.type - b.type || a.platform - b.platform);
}

/** The first issue of `content` against the option's schema, as the answer's message; none: valid. */
export function optionContentProblem(type: number, content: string): string | null {
  const parsed = optionContentSchema(type).safeParse(content);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'Invalid';
}

/**
 * Sets an option's content, in the caller's transaction (its audit entry commits with it). The row is the
 * one `id` names among the type's, or the type's only one; a settable option not stored is made for every
 * platform. Answers the row before (null when made) and after. Unknown type or id: 1004; several rows and
 * no id: 1001; content its schema refuses: 1001 with the schema's message.
 */
export async function changeOption(
  trx: Db,
  change: { type: number; id?: number | undefined; content: string },
): Promise<{ before: AdminSystemOption | null; after: AdminSystemOption }> {
  const problem = optionContentProblem(change.type, change.content);
  if (problem) throw new AppError('VALIDATION', problem);
  const rows = await repository.lockSystemOptionsOfType(trx, change.type);
  const settableName = SETTABLE_OPTION_NAMES[change.type];
  if (rows.length === 0) {
    if (settableName === undefined || change.id !== undefined) throw new AppError('NOT_FOUND');
    const made = await repository.insertSystemOption(trx, {
      type: change.type,
      name: settableName,
      content: change.content,
      platform: 0,
    });
    return { before: null, after: toAdmin(made) };
  }
  const row =
    change.id === undefined
      ? rows.length === 1
        ? rows[0]
        : undefined
      : rows.find((each) => each.id === change.id);
  if (!row) {
    if (change.id !== undefined) throw new AppError('NOT_FOUND');
    throw new AppError('VALIDATION', 'Several options of this type: name the one to change (id)');
  }
  const updated = await repository.updateSystemOptionContent(trx, row.id, change.content);
  return { before: toAdmin(row), after: toAdmin(updated) };
}
