import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../locales/en.ts';
import { createTranslate } from '../lib/i18n.ts';
import { countOptions, countsBetween, riskOptions, SelectField } from './choice.tsx';

const t = createTranslate(en);

afterEach(() => {
  cleanup();
});

describe('the choices', () => {
  it('counts from min to max, both included', () => {
    expect(countsBetween(8, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(countOptions([10, 20])).toEqual([
      { value: 10, label: '10' },
      { value: 20, label: '20' },
    ]);
  });

  it('names the risks from the catalogue', () => {
    expect(riskOptions(['low', 'high'], t)).toEqual([
      { value: 'low', label: 'Low' },
      { value: 'high', label: 'High' },
    ]);
  });

  it('hands back the chosen option’s own value, a number for a count', () => {
    const onChange = vi.fn();
    render(<SelectField label="Rows" value={12} options={countOptions([8, 12, 16])} onChange={onChange} />);
    const select = screen.getByLabelText('Rows') as HTMLSelectElement;
    expect(select.value).toBe('12');
    fireEvent.change(select, { target: { value: '16' } });
    expect(onChange).toHaveBeenCalledWith(16);
  });

  it('shows a value kept as text (the verifier’s form) on its option', () => {
    render(
      <SelectField label="Mines" value="3" options={countOptions([1, 3, 5])} onChange={() => undefined} />,
    );
    expect((screen.getByLabelText('Mines') as HTMLSelectElement).value).toBe('3');
  });
});
