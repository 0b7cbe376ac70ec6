import type { Envelope } from '@app/contracts/envelope';

/** The success envelope (spec §7): code 0. */
export function ok<T>(data: T): Envelope<T> {
  return { code: 0, msg: 'success', data };
}
