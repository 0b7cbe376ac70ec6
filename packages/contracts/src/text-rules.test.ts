import { describe, expect, it } from 'vitest';
import { z as zod } from 'zod';
import { isCleanText, uncleanTextPaths, withCleanText } from './text-rules.ts';

describe('the text rule', () => {
  it('refuses NUL, other controls, DEL, C1 controls and lone surrogates', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', '\u007f', '\u0085', '\ud800', 'a\udc00']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isCleanText('Jambo 👋 Nairobi, ça va? ñ')).toBe(true);
  });

  it('allows line breaks and tabs in multi-line text only', () => {
    expect(isCleanText('line one\r\nline two\tend', 'multiline')).toBe(true);
    expect(isCleanText('line one\nline two', 'line')).toBe(false);
    expect(isCleanText('tab\there', 'line')).toBe(false);
  });

  it('finds every bad string and key at any depth', () => {
    expect(
      uncleanTextPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { d: '\u0000' }, 'e\u0000': 1 }, 'line'),
    ).toEqual([['b', 1], ['c', 'd'], ['e\u0000']]);
  });

  it('runs before the schema and its transforms, naming the field', () => {
    const schema = withCleanText(zod.object({ name: zod.string().trim(), age: zod.number() }), 'multiline');
    expect(schema.safeParse({ name: ' Wanjiru\n', age: 30 })).toMatchObject({
      success: true,
      data: { name: 'Wanjiru', age: 30 },
    });
    const refused = schema.safeParse({ name: 'Wan\u0000jiru', age: 30 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toMatchObject([
      { path: ['name'], message: 'Must not contain control characters' },
    ]);
  });
});
