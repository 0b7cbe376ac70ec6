// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstScreen } from '@app/contracts/first-screen';
import { takeFirstScreenAnswer } from './first-screen.ts';

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

describe('takeFirstScreenAnswer', () => {
  it('answers a written call once', () => {
    writeScreen({});
    expect(takeFirstScreenAnswer(path, 'en')).toEqual({ found: true, data: [{ id: 1 }] });
    expect(takeFirstScreenAnswer(path, 'en')).toEqual({ found: false });
  });

  it('keeps an answer written as null or an empty list', () => {
    writeScreen({ responses: { [path]: [] } });
    expect(takeFirstScreenAnswer(path, 'en')).toEqual({ found: true, data: [] });
  });

  it('ignores answers in another language, stale ones, and calls not written', () => {
    writeScreen({ language: 'fr' });
    expect(takeFirstScreenAnswer(path, 'en').found).toBe(false);
    writeScreen({ generatedAt: Date.now() - 5 * 60_000 });
    expect(takeFirstScreenAnswer(path, 'en').found).toBe(false);
    writeScreen({});
    expect(takeFirstScreenAnswer('/config-service/cfMenu/queryByPosition?position=130100', 'en').found).toBe(
      false,
    );
  });

  it('does nothing without a written screen', () => {
    expect(takeFirstScreenAnswer(path, 'en')).toEqual({ found: false });
  });
});
