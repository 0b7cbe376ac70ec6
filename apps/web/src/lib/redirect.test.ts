import { describe, expect, it } from 'vitest';
import { loginPath, rewriteHashUrl, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/deposit', '/deposit'],
    ['/deposit?x=1#top', '/deposit?x=1#top'],
    ['/pages/branch/about-us', '/pages/branch/about-us'],
    ['/a/../home', '/home'],
  ])('accepts the in-app path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/deposit',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http://evil.example',
    'javascript:alert(1)',
    'deposit',
    '/\tevil',
    '',
    null,
    undefined,
  ])('rejects %s', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });
});

describe('rewriteHashUrl', () => {
  it('turns an old hash route into a real path, keeping the query', () => {
    expect(rewriteHashUrl('#/deposit?x=1')).toBe('/deposit?x=1');
    expect(rewriteHashUrl('#/promotion')).toBe('/promotion');
  });

  it('leaves plain anchors and foreign addresses alone', () => {
    expect(rewriteHashUrl('#top')).toBeUndefined();
    expect(rewriteHashUrl('')).toBeUndefined();
    expect(rewriteHashUrl('#//evil.example')).toBeUndefined();
  });
});

describe('loginPath', () => {
  it('carries the return path encoded in r', () => {
    expect(loginPath('/withdraw')).toBe('/login?r=%2Fwithdraw');
    expect(loginPath('/deposit?x=1&y=2')).toBe('/login?r=%2Fdeposit%3Fx%3D1%26y%3D2');
  });
});
