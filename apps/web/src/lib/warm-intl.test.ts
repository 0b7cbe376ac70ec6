import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { intlWarmUpSource } from './warm-intl.ts';

describe('the Intl warm-up worker', () => {
  it("makes the app's formatters for the market and always says it is done", () => {
    const made: string[] = [];
    const messages: unknown[] = [];
    const spy = (kind: string, Real: typeof Intl.NumberFormat | typeof Intl.DateTimeFormat) =>
      function (locale: string, options: object) {
        made.push(`${kind} ${locale} ${JSON.stringify(options)}`);
        return new (Real as typeof Intl.DateTimeFormat)(locale, options);
      };
    const worker = {
      Intl: {
        NumberFormat: spy('number', Intl.NumberFormat),
        DateTimeFormat: spy('date', Intl.DateTimeFormat),
      },
      Date,
      postMessage: (message: unknown) => messages.push(message),
    };
    runInNewContext(
      intlWarmUpSource({ moneyLocale: 'sw-KE', dateLocale: 'fr-KE', timeZone: 'Africa/Nairobi' }),
      worker,
    );
    expect(made).toEqual([
      'number sw-KE {"minimumFractionDigits":2,"maximumFractionDigits":2}',
      'date en-CA {"timeZone":"Africa/Nairobi","year":"numeric","month":"2-digit","day":"2-digit"}',
      'date fr-KE {"timeZone":"Africa/Nairobi","dateStyle":"medium","timeStyle":"short"}',
    ]);
    expect(messages).toEqual(['warm']);

    // A zone the browser does not know throws in the worker: it still reports, so it is ended.
    messages.length = 0;
    expect(() =>
      runInNewContext(
        intlWarmUpSource({ moneyLocale: 'en-KE', dateLocale: 'en-KE', timeZone: 'Mars/Olympus' }),
        worker,
      ),
    ).toThrow();
    expect(messages).toEqual(['warm']);
  });
});
