import { describe, expect, it } from 'vitest';
import { PROMOTION_PLUGS } from '../plugs.ts';
import { numberPaths, settingsJsonSchema } from './settings-form.ts';

/**
 * Every programme's settings form (issue 23 §2): the back office renders a programme's settings from its
 * schema and shows each number with its unit, so a number without a unit, or a unit naming a field the
 * settings do not have, is a form an operator would misread.
 */
describe('the programmes’ settings forms', () => {
  const programmes = PROMOTION_PLUGS.flatMap((plug) =>
    plug.programmes.map((definition) => ({ definition, form: plug.forms[definition.code] })),
  );

  it('come with every programme, in the plug that lists it', () => {
    for (const { definition, form } of programmes) expect(form, definition.code).toBeDefined();
    for (const plug of PROMOTION_PLUGS) {
      expect(Object.keys(plug.forms).sort()).toEqual(plug.programmes.map((each) => each.code).sort());
    }
  });

  it('give a unit to every number of the settings, and to nothing else', () => {
    for (const { definition, form } of programmes) {
      const numbers = numberPaths(settingsJsonSchema(definition)).sort();
      expect(Object.keys(form?.units ?? {}).sort(), definition.code).toEqual(numbers);
    }
  });

  it('find the numbers inside objects, lists and optional fields', () => {
    const schema = {
      type: 'object',
      properties: {
        cap: { type: 'integer' },
        name: { type: 'string' },
        reward: { type: 'object', properties: { cash: { type: 'integer' } } },
        rates: { type: 'array', items: { type: 'number' } },
        slots: { type: 'array', items: { type: 'object', properties: { budget: { type: 'integer' } } } },
        maxStake: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
    };
    expect(numberPaths(schema).sort()).toEqual([
      'cap',
      'maxStake',
      'rates[]',
      'reward.cash',
      'slots[].budget',
    ]);
  });
});
