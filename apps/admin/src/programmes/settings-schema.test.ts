import { describe, expect, it } from 'vitest';
import {
  emptyOf,
  labelOf,
  nonNull,
  setAt,
  shapeOf,
  shownNumber,
  storedNumber,
  unitPathOf,
  type JsonSchema,
} from './settings-schema.ts';

/** The generated settings form's reading of a programme's JSON Schema and units, without a browser. */
describe('the settings form’s schema reading', () => {
  it('shows money and coins in major units and stores them in minor units, other units as they are', () => {
    expect(shownNumber(50_000, 'money')).toBe('500');
    expect(shownNumber(12_345, 'money')).toBe('123.45');
    expect(shownNumber(5, 'coins')).toBe('0.05');
    expect(shownNumber(18, 'hour-of-day')).toBe('18');
    expect(shownNumber(null, 'money')).toBe('');
    expect(storedNumber('1 234,5', 'money')).toBe(123_450);
    expect(storedNumber('0.07', 'money')).toBe(7);
    expect(storedNumber('12.', 'money')).toBe(1_200);
    expect(storedNumber('15', 'percent')).toBe(15);
    expect(storedNumber('2.5', 'multiple')).toBe(2.5);
    // Not a number: null, for the server to refuse beside the field.
    expect(storedNumber('', 'money')).toBeNull();
    expect(storedNumber('12a', 'count')).toBeNull();
  });

  it('names a value by the server’s field path and by the units’ path', () => {
    expect(unitPathOf(['slots', 0, 'budget'])).toBe('slots[].budget');
    expect(unitPathOf(['rates', 3])).toBe('rates[]');
    expect(unitPathOf(['contribution', 'crash'])).toBe('contribution.crash');
    expect(labelOf('claimOpensHour')).toBe('Claim opens hour');
    expect(labelOf('cash-rain')).toBe('Cash rain');
  });

  it('replaces one value deep in the settings without changing the rest', () => {
    const settings = { title: 'Rain', slots: [{ budget: 1 }, { budget: 2 }] };
    const changed = setAt(settings, ['slots', 1, 'budget'], 9) as typeof settings;
    expect(changed).toEqual({ title: 'Rain', slots: [{ budget: 1 }, { budget: 9 }] });
    expect(settings.slots[1]!.budget).toBe(2);
    expect(changed.slots[0]).toBe(settings.slots[0]);
  });

  it('reads each kind of field zod writes: nullable, choices, lists, objects, anything else', () => {
    const nullableMoney: JsonSchema = { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] };
    expect(shapeOf(nullableMoney)).toMatchObject({ kind: 'number', integer: true, nullable: true });
    expect(emptyOf(nullableMoney)).toBeNull();
    expect(emptyOf(nonNull(nullableMoney))).toBe(0);
    expect(shapeOf({ type: ['string', 'null'] })).toMatchObject({ kind: 'string', nullable: true });
    expect(emptyOf(nonNull({ type: ['string', 'null'] }))).toBe('');
    expect(shapeOf({ type: 'string', enum: ['coins', 'cash'] })).toMatchObject({
      kind: 'choice',
      options: ['coins', 'cash'],
    });
    expect(
      shapeOf({
        anyOf: [
          { type: 'number', const: 1 },
          { type: 'number', const: 2 },
        ],
      }),
    ).toMatchObject({
      kind: 'choice',
      options: [1, 2],
    });
    expect(shapeOf({})).toMatchObject({ kind: 'json' });
    const slots: JsonSchema = {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          begin: { type: 'string' },
          budget: { type: 'integer', minimum: 100 },
          on: { type: 'boolean' },
        },
      },
    };
    expect(shapeOf(slots).kind).toBe('array');
    expect(emptyOf(slots)).toEqual([{ begin: '', budget: 100, on: false }]);
    expect(emptyOf({ type: 'integer', default: 7 })).toBe(7);
  });
});
