// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstScreen } from '@app/contracts/first-screen';
import { readFirstScreenAnswer } from './first-screen.ts';

const path = '/config-service/cfMenu/queryByPosition?position=100102';

function writeScreen(screen: Partial<FirstScreen>): void {
  (window as Window & { __FIRST_SCREEN__?: FirstScreen }).__FIRST_SCREEN__ = {
    generatedAt: Date.now(),
    language: 'en',
    responses: { [path]: [{ id: 1 }] },
    ...screen,
  };
}

afterEach(() => {
  delete (window as Window & { __FIRST_SCREEN__?: FirstScreen }).__FIRST_SCREEN__;
});

describe('readFirstScreenAnswer', () => {
  it('answers a written call with the time it was written', () => {
    const generatedAt = Date.now() - 1000;
    writeScreen({ generatedAt });
    expect(readFirstScreenAnswer(path, 'en')).toEqual({ data: [{ id: 1 }], updatedAt: generatedAt });
  });

  it('keeps an answer written as an empty list', () => {
    writeScreen({ responses: { [path]: [] } });
    expect(readFirstScreenAnswer(path, 'en')).toEqual({ data: [], updatedAt: expect.any(Number) });
  });

  it('ignores answers in another language, stale ones, and calls not written', () => {
    writeScreen({ language: 'fr' });
    expect(readFirstScreenAnswer(path, 'en')).toBeUndefined();
    writeScreen({ generatedAt: Date.now() - 5 * 60_000 });
    expect(readFirstScreenAnswer(path, 'en')).toBeUndefined();
    writeScreen({});
    expect(
      readFirstScreenAnswer('/config-service/cfMenu/queryByPosition?position=130100', 'en'),
    ).toBeUndefined();
  });

  it('does nothing without a written screen', () => {
    expect(readFirstScreenAnswer(path, 'en')).toBeUndefined();
  });
});
