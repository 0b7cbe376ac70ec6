import { describe, expect, it } from 'vitest';
import { advertsFor } from './advert-audience.ts';

describe('advertsFor', () => {
  const adverts = [{ url: '/register' }, { url: '/login?r=%2Fme' }, { url: '/promotion' }, { url: '' }];

  it('keeps every advert for a visitor', () => {
    expect(advertsFor(adverts, false)).toEqual(adverts);
  });

  it('never offers registration or login to a member', () => {
    expect(advertsFor(adverts, true)).toEqual([{ url: '/promotion' }, { url: '' }]);
  });
});
