import { useState } from 'react';
import { useLocaleState } from 'ra-core';
import type { SettingUnit } from '@app/contracts/promotions';
import { useText } from '../use-text.ts';
import {
  emptyOf,
  fieldOf,
  labelOf,
  nonNull,
  scaleOf,
  setAt,
  shapeOf,
  shownNumber,
  storedNumber,
  unitPathOf,
  type JsonSchema,
  type Path,
} from './settings-schema.ts';

/** What every field of the generated form shares: the units, the server's field errors, the change. */
type FormContext = {
  units: Readonly<Record<string, SettingUnit>>;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (path: Path, value: unknown) => void;
};

type FieldProps = { schema: JsonSchema; value: unknown; path: Path; form: FormContext };

/**
 * A programme's settings form, generated from their JSON Schema and the unit of each number (the form
 * route of the operator API): money in major units (stored in minor), coins whole (stored in hundredths),
 * percent, hour-of-day and weekday pickers, lists of items (a rain's slots, a wheel's pool) that can grow
 * and shrink. The server checks every value on save; its field errors show beside their fields.
 */
export function SettingsForm({
  schema,
  value,
  units,
  errors,
  disabled,
  onChange,
}: {
  schema: JsonSchema;
  value: Record<string, unknown>;
  units: Readonly<Record<string, SettingUnit>>;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (value: Record<string, unknown>) => void;
}) {
  const form: FormContext = {
    units,
    errors,
    disabled,
    onChange: (path, next) => onChange(setAt(value, path, next) as Record<string, unknown>),
  };
  return (
    <div className="settings-form">
      <Properties schema={schema} value={value} path={[]} form={form} />
    </div>
  );
}

function Properties({ schema, value, path, form }: FieldProps) {
  const object = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, child]) => (
        <Field key={key} schema={child} value={object[key]} path={[...path, key]} form={form} />
      ))}
    </>
  );
}

function FieldError({ path, form }: { path: Path; form: FormContext }) {
  const message = form.errors[fieldOf(path)];
  return message ? (
    <span className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

function Field({ schema, value, path, form }: FieldProps) {
  const t = useText();
  const shape = shapeOf(schema);
  const label = labelOf(path[path.length - 1] ?? '');
  const id = `setting-${fieldOf(path)}`;
  if (shape.nullable && value === null && shape.kind !== 'json') {
    return (
      <div className="setting">
        <span className="setting-label">{label}</span>
        <span className="muted">{t('settings.notSet')}</span>
        <button
          type="button"
          className="secondary small"
          disabled={form.disabled}
          onClick={() => form.onChange(path, emptyOf(nonNull(schema)))}
        >
          {t('settings.set')}
        </button>
        <FieldError path={path} form={form} />
      </div>
    );
  }
  const clear = shape.nullable ? (
    <button
      type="button"
      className="secondary small"
      disabled={form.disabled}
      onClick={() => form.onChange(path, null)}
    >
      {t('settings.clear')}
    </button>
  ) : null;
  switch (shape.kind) {
    case 'object':
      return (
        <fieldset className="setting-group">
          <legend>
            {label} {clear}
          </legend>
          <FieldError path={path} form={form} />
          <Properties schema={shape.schema} value={value} path={path} form={form} />
        </fieldset>
      );
    case 'array':
      return <ListField schema={shape.schema} value={value} path={path} form={form} label={label} />;
    case 'boolean':
      return (
        <div className="setting">
          <label className="checkbox">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              disabled={form.disabled}
              onChange={(event) => form.onChange(path, event.currentTarget.checked)}
            />
            {label}
          </label>
          <FieldError path={path} form={form} />
        </div>
      );
    default:
      return (
        <div className="setting">
          <label className="setting-label" htmlFor={id}>
            {label}
            <UnitNote unit={form.units[unitPathOf(path)]} />
          </label>
          <Input id={id} schema={schema} value={value} path={path} form={form} />
          {clear}
          <FieldError path={path} form={form} />
        </div>
      );
  }
}

function UnitNote({ unit }: { unit: SettingUnit | undefined }) {
  const t = useText();
  if (!unit || unit === 'id' || unit === 'kind') return null;
  return <span className="unit"> ({t(`unit.${unit}`)})</span>;
}

/** The input of one value that is not an object or a list. */
function Input({ id, schema, value, path, form }: FieldProps & { id: string }) {
  const shape = shapeOf(schema);
  const unit = form.units[unitPathOf(path)];
  const invalid = form.errors[fieldOf(path)] ? true : undefined;
  if (shape.kind === 'choice') {
    const index = shape.options.findIndex((option) => option === value);
    return (
      <select
        id={id}
        aria-invalid={invalid}
        value={String(index)}
        disabled={form.disabled}
        onChange={(event) => form.onChange(path, shape.options[Number(event.currentTarget.value)])}
      >
        {index < 0 && <option value="-1">—</option>}
        {shape.options.map((option, at) => (
          <option key={String(option)} value={String(at)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  }
  if (shape.kind === 'number' && (unit === 'hour-of-day' || unit === 'weekday')) {
    return <TimePicker id={id} unit={unit} value={value} path={path} form={form} />;
  }
  if (shape.kind === 'number') {
    return <NumberInput id={id} unit={unit} schema={schema} value={value} path={path} form={form} />;
  }
  if (shape.kind === 'string') {
    const long = (shape.schema.maxLength ?? 0) > 200;
    const props = {
      id,
      'aria-invalid': invalid,
      value: typeof value === 'string' ? value : '',
      disabled: form.disabled,
      maxLength: shape.schema.maxLength,
    };
    return long ? (
      <textarea {...props} rows={3} onInput={(event) => form.onChange(path, event.currentTarget.value)} />
    ) : (
      <input {...props} type="text" onInput={(event) => form.onChange(path, event.currentTarget.value)} />
    );
  }
  return <JsonInput id={id} value={value} path={path} form={form} />;
}

/** An hour of the market's day (0–23) or a weekday (0 Sunday … 6 Saturday), picked by name. */
function TimePicker({
  id,
  unit,
  value,
  path,
  form,
}: {
  id: string;
  unit: 'hour-of-day' | 'weekday';
  value: unknown;
  path: Path;
  form: FormContext;
}) {
  const [language] = useLocaleState();
  const options =
    unit === 'hour-of-day'
      ? Array.from({ length: 24 }, (_, hour) => [hour, `${String(hour).padStart(2, '0')}:00`] as const)
      : Array.from(
          { length: 7 },
          // 2023-01-01 was a Sunday: day n of that week is weekday n.
          (_, day) =>
            [
              day,
              new Date(Date.UTC(2023, 0, 1 + day)).toLocaleDateString(language, {
                weekday: 'long',
                timeZone: 'UTC',
              }),
            ] as const,
        );
  return (
    <select
      id={id}
      value={typeof value === 'number' ? String(value) : ''}
      disabled={form.disabled}
      aria-invalid={form.errors[fieldOf(path)] ? true : undefined}
      onChange={(event) => form.onChange(path, Number(event.currentTarget.value))}
    >
      {typeof value !== 'number' && <option value="">—</option>}
      {options.map(([number, name]) => (
        <option key={number} value={String(number)}>
          {name}
        </option>
      ))}
    </select>
  );
}

/**
 * A number in the unit the operator thinks in: the text typed is kept as typed (so "12." stays while
 * typing) and the stored number follows it; a text that is no number is stored as null for the server to
 * refuse beside the field.
 */
function NumberInput({
  id,
  unit,
  schema,
  value,
  path,
  form,
}: {
  id: string;
  unit: SettingUnit | undefined;
  schema: JsonSchema;
  value: unknown;
  path: Path;
  form: FormContext;
}) {
  // The text typed is the field's own; a reloaded value remounts the form (its `key`) to show the new one.
  const [text, setText] = useState(() => shownNumber(value, unit));
  const shape = shapeOf(schema);
  const decimals = scaleOf(unit) > 1 || !(shape.kind === 'number' && shape.integer);
  return (
    <span className="number-input">
      <input
        id={id}
        type="text"
        inputMode={decimals ? 'decimal' : 'numeric'}
        value={text}
        disabled={form.disabled}
        aria-invalid={form.errors[fieldOf(path)] ? true : undefined}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          form.onChange(path, storedNumber(typed, unit));
        }}
      />
      {unit === 'percent' && <span className="suffix">%</span>}
    </span>
  );
}

/** A value the form has no field for (a map, a union of shapes): its JSON, checked by the server. */
function JsonInput({ id, value, path, form }: { id: string; value: unknown; path: Path; form: FormContext }) {
  const t = useText();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [wrong, setWrong] = useState(false);
  return (
    <>
      <textarea
        id={id}
        className="json"
        rows={Math.min(12, text.split('\n').length + 1)}
        value={text}
        disabled={form.disabled}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          try {
            form.onChange(path, JSON.parse(typed));
            setWrong(false);
          } catch {
            setWrong(true);
          }
        }}
      />
      {wrong && <span className="field-error">{t('settings.badJson')}</span>}
    </>
  );
}

/** A list (a rain's slots, a wheel's pool, ten rates): its items one under the other, added and removed. */
function ListField({ schema, value, path, form, label }: FieldProps & { label: string }) {
  const t = useText();
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const itemSchema = schema.items ?? {};
  const objects = shapeOf(itemSchema).kind === 'object';
  const canAdd = !form.disabled && (schema.maxItems === undefined || items.length < schema.maxItems);
  const canRemove = !form.disabled && items.length > (schema.minItems ?? 0);
  const add = () => {
    // A new item starts as a copy of the last one (a new slot like the previous slot), else empty.
    const last = items[items.length - 1];
    form.onChange(path, [...items, last !== undefined ? structuredClone(last) : emptyOf(itemSchema)]);
  };
  const remove = (index: number) =>
    form.onChange(
      path,
      items.filter((_, at) => at !== index),
    );
  return (
    <fieldset className="setting-group">
      <legend>
        {label} <span className="muted">({items.length})</span>
        <UnitNote unit={form.units[unitPathOf([...path, 0])]} />
      </legend>
      <FieldError path={path} form={form} />
      <ol className={objects ? 'setting-items' : 'setting-items inline'}>
        {items.map((item, index) => (
          <li key={index}>
            {objects ? (
              <fieldset className="setting-item">
                <legend>
                  {t('settings.item', { label, number: index + 1 })}
                  {canRemove && (
                    <button type="button" className="secondary small" onClick={() => remove(index)}>
                      {t('settings.remove')}
                    </button>
                  )}
                </legend>
                <FieldError path={[...path, index]} form={form} />
                <Properties schema={itemSchema} value={item} path={[...path, index]} form={form} />
              </fieldset>
            ) : (
              <span className="setting-inline">
                <Input
                  id={`setting-${fieldOf([...path, index])}`}
                  schema={itemSchema}
                  value={item}
                  path={[...path, index]}
                  form={form}
                />
                {canRemove && (
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={t('settings.removeItem', { label, number: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    ×
                  </button>
                )}
                <FieldError path={[...path, index]} form={form} />
              </span>
            )}
          </li>
        ))}
      </ol>
      {canAdd && (
        <button type="button" className="secondary small" onClick={add}>
          {t('settings.add', { label })}
        </button>
      )}
    </fieldset>
  );
}
