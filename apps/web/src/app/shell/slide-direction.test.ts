import { describe, expect, it } from 'vitest';
import { resetsScroll, slideDirection } from './slide-direction.ts';

const depths: Record<string, number> = {
  '/home': 101,
  '/deposit': 111,
  '/promotion': 112,
  '/withdraw': 113,
  '/me': 114,
};
const tabDepth = (path: string) => depths[path];

describe('slideDirection', () => {
  it('goes left to a deeper tab and right to a shallower one', () => {
    expect(slideDirection({ path: '/home', idx: 0 }, { path: '/withdraw', idx: 1 }, 'PUSH', tabDepth)).toBe(
      'left',
    );
    expect(slideDirection({ path: '/me', idx: 3 }, { path: '/deposit', idx: 4 }, 'PUSH', tabDepth)).toBe(
      'right',
    );
  });

  it('goes left into an inner page and right when history goes back', () => {
    expect(slideDirection({ path: '/home', idx: 0 }, { path: '/me/faq', idx: 1 }, 'PUSH', tabDepth)).toBe(
      'left',
    );
    expect(slideDirection({ path: '/me/faq', idx: 2 }, { path: '/supports', idx: 1 }, 'POP', tabDepth)).toBe(
      'right',
    );
    expect(slideDirection({ path: '/supports', idx: 1 }, { path: '/me/faq', idx: 2 }, 'POP', tabDepth)).toBe(
      'left',
    );
  });

  it('does not slide on the first screen, a redirect or a query change', () => {
    expect(slideDirection(undefined, { path: '/home', idx: 0 }, 'POP', tabDepth)).toBe('none');
    expect(slideDirection({ path: '/', idx: 0 }, { path: '/home', idx: 0 }, 'REPLACE', tabDepth)).toBe(
      'none',
    );
    expect(slideDirection({ path: '/me/faq', idx: 1 }, { path: '/me/faq', idx: 2 }, 'PUSH', tabDepth)).toBe(
      'none',
    );
  });
});

describe('resetsScroll', () => {
  it('resets on the screens the spec names only', () => {
    for (const path of ['/home', '/mall-center', '/lottery', '/deposit', '/promotion', '/withdraw', '/me']) {
      expect(resetsScroll(path), path).toBe(true);
    }
    expect(resetsScroll('/me/faq')).toBe(false);
  });
});
