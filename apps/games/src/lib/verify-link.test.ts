import { describe, expect, it } from 'vitest';
import { readVerifyParams, verifyHref } from './verify-link.ts';

describe('the verifier’s address', () => {
  it('carries a bet’s seeds, nonce and options there and back', () => {
    const params = {
      session: 'tok',
      game: 'dice',
      serverSeed: 'a'.repeat(64),
      serverSeedHash: 'b'.repeat(64),
      clientSeed: 'my seed & co',
      nonce: 7,
      options: { target: 5_000, direction: 'under' },
      lang: 'pt',
    };
    const href = verifyHref(params);
    expect(href.startsWith('/game-center/fair?')).toBe(true);
    expect(readVerifyParams(href.slice(href.indexOf('?')))).toEqual(params);
  });

  it('leaves out what is missing and ignores what is malformed', () => {
    expect(verifyHref({})).toBe('/game-center/fair');
    const read = readVerifyParams('?nonce=-1&options=[1]&game=dice');
    expect(read.nonce).toBeUndefined();
    expect(read.options).toBeUndefined();
    expect(read.game).toBe('dice');
    expect(readVerifyParams('?options={oops').options).toBeUndefined();
  });
});
