import { MESSAGE_PAGE_SIZE, NOTICE_POLL_MS, NOTICE_TYPE } from '@app/contracts/message';
import { describe, expect, it } from 'vitest';
import * as rules from './message-rules.ts';

describe('message rules', () => {
  it('match the contracts the server uses', () => {
    expect(rules.MESSAGE_PAGE_SIZE).toBe(MESSAGE_PAGE_SIZE);
    expect(rules.NOTICE_POLL_MS).toBe(NOTICE_POLL_MS);
    expect(rules.NOTICE_TYPE).toEqual(NOTICE_TYPE);
  });
});
