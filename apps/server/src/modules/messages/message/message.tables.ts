import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type MemberMessageTable = {
  id: Generated<number>;
  member_id: number;
  title: string;
  content: string;
  /** An app path the message leads to (the appeal's timeline), or null. */
  link: SetAtInsert<string | null>;
  read_at: Date | null;
  deleted_at: Date | null;
  created_at: SetAtInsert<Date>;
};

export type SystemMessageTable = {
  id: Generated<number>;
  title: string;
  content: string;
  created_at: SetAtInsert<Date>;
};

export type SystemMessageReadTable = {
  system_message_id: number;
  member_id: number;
  read_at: SetAtInsert<Date>;
};

export type NoticeTable = {
  id: Generated<number>;
  type: number;
  message: string;
  mobile: string | null;
  amount: number | null;
  starts_at: Generated<Date>;
  ends_at: Date;
  created_at: SetAtInsert<Date>;
};

/** The message module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type MessageTables = {
  member_message: MemberMessageTable;
  system_message: SystemMessageTable;
  system_message_read: SystemMessageReadTable;
  notice: NoticeTable;
};
