import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** What the deposit module's parts share: the database handle's type and the log they write to. */

export type Db = Kysely<Database>;

export type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export const consoleLog: Log = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};
