import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useCanAccess, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRANSLATED_LANGUAGES,
  type AdminAdvert,
  type AdminFaqEntry,
  type AdminMenuEntry,
  type ContentPicture,
} from '@app/contracts/back-office-content';
import { ADVERT_POSITIONS, FAQ_TYPE, MENU_POSITIONS } from '@app/contracts/config';
import { ERRORS } from '@app/contracts/errors';
import type { Language } from '@app/contracts/language';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ApiError, callAdminApi } from '../api.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { AdvertPreview, FaqPreview, MenuPreview, positionLabel, type PreviewEntry } from './previews.tsx';
import '../programmes/content.css';
import './content.css';

type Tab = 'adverts' | 'menus' | 'faq';
type Translated = (typeof TRANSLATED_LANGUAGES)[number];
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  pt: 'Português',
  sw: 'Kiswahili',
};
const QUERY_KEYS = { adverts: ['content-adverts'], menus: ['content-menus'], faq: ['content-faq'] };

/**
 * Adverts, menus and FAQ (issue 26 §5): every entry players' apps are served, each with its edit form beside
 * a picture of how a player sees it on a 360 px phone. Reading needs `promotions.read`; saving, adding,
 * removing and uploading a picture `content.write`. The server checks each change with the shared schema
 * and writes the audit entry.
 */
export function ContentPage() {
  const t = useText();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'content', action: 'list' });
  const { canAccess: canWrite } = useCanAccess({ resource: 'content', action: 'write' });
  const [tab, setTab] = useState<Tab>('adverts');
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  return (
    <section>
      <h1>{t('menu.content')}</h1>
      <p className="muted">{t('content.hint')}</p>
      {!canWrite && <p className="notice">{t('content.readOnly')}</p>}
      <div className="tabs" role="tablist">
        {(['adverts', 'menus', 'faq'] as const).map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={tab === each}
            className={tab === each ? 'tab current' : 'tab'}
            onClick={() => setTab(each)}
          >
            {t(`content.tab.${each}`)}
          </button>
        ))}
      </div>
      {tab === 'adverts' && <PlacedList kind="adverts" canWrite={Boolean(canWrite)} />}
      {tab === 'menus' && <PlacedList kind="menus" canWrite={Boolean(canWrite)} />}
      {tab === 'faq' && <FaqList canWrite={Boolean(canWrite)} />}
    </section>
  );
}

/** The server's refusal as the operator reads it: its catalogue text, or each wrong field. */
function Refusal({ error }: { error: unknown }) {
  const t = useText();
  if (!error) return null;
  if (!(error instanceof ApiError)) {
    return (
      <p className="error" role="alert">
        {t('app.error')}
      </p>
    );
  }
  const known: Partial<Record<number, TextKey>> = {
    [ERRORS.CONTENT_PERIOD.code]: 'content.error.period',
    [ERRORS.CONTENT_IMAGE_MISSING.code]: 'content.error.image',
    [ERRORS.CONTENT_RELIED_ON.code]: 'content.error.reliedOn',
    [ERRORS.CONTENT_PICTURE_TOO_LARGE.code]: 'content.error.pictureSize',
    [ERRORS.NOT_AN_IMAGE.code]: 'content.error.notAPicture',
    [ERRORS.PAYLOAD_TOO_LARGE.code]: 'content.error.pictureSize',
  };
  const text = known[error.code];
  return (
    <div className="error" role="alert">
      <p>{t('content.refused')}</p>
      <ul>
        {text ? (
          <li>{t(text)}</li>
        ) : error.fields.length > 0 ? (
          error.fields.map((field) => (
            <li key={field.field}>
              {field.field}: {field.message}
            </li>
          ))
        ) : (
          <li>{error.message}</li>
        )}
      </ul>
    </div>
  );
}

/** Saves through `save`, then reads the list again; the outcome for the form's status line. */
function useSaving(queryKey: string[]) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ saving: boolean; saved: boolean; error: unknown }>({
    saving: false,
    saved: false,
    error: undefined,
  });
  const run = async <T,>(save: () => Promise<T>): Promise<T | undefined> => {
    setState({ saving: true, saved: false, error: undefined });
    try {
      const saved = await save();
      await queryClient.invalidateQueries({ queryKey });
      setState({ saving: false, saved: true, error: undefined });
      return saved;
    } catch (error) {
      setState({ saving: false, saved: false, error });
      return undefined;
    }
  };
  return { ...state, run, reset: () => setState({ saving: false, saved: false, error: undefined }) };
}

function SaveLine({ saving, saved, canWrite }: { saving: boolean; saved: boolean; canWrite: boolean }) {
  const t = useText();
  if (!canWrite) return null;
  return (
    <>
      {saved && (
        <p className="notice" role="status">
          {t('content.saved')}
        </p>
      )}
      <p>
        <button type="submit" disabled={saving}>
          {t('content.save')}
        </button>
      </p>
      <p className="muted small-text">{t('content.audited')}</p>
    </>
  );
}

/** The local date and time an ISO instant is, as a datetime-local field holds it; and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const instant = new Date(iso);
  return new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

type PlacedDraft = {
  position: number;
  title: string;
  url: string;
  image: string;
  sort: string;
  enabled: boolean;
  startsAt: string;
  endsAt: string;
  translations: Record<Translated, { title: string; image: string }>;
};

function draftOf(entry: AdminMenuEntry | AdminAdvert): PlacedDraft {
  const translations = Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [
      language,
      { title: entry.translations[language]?.title ?? '', image: entry.translations[language]?.image ?? '' },
    ]),
  ) as PlacedDraft['translations'];
  return {
    position: entry.position,
    title: entry.title,
    url: entry.url,
    image: entry.image,
    sort: String(entry.sort),
    enabled: entry.enabled,
    startsAt: 'startsAt' in entry ? toLocalInput(entry.startsAt) : '',
    endsAt: 'endsAt' in entry ? toLocalInput(entry.endsAt) : '',
    translations,
  };
}

/** The draft as the player app in `language` is served it (the server's localize: an override wins). */
function localized(draft: PlacedDraft, language: Language): { title: string; image: string } {
  const override = language === 'en' ? undefined : draft.translations[language];
  return { title: override?.title || draft.title, image: override?.image || draft.image };
}

/** Every picture the entries of a list use, in any language: the statics an operator picks from. */
function picturesOf(entries: (AdminMenuEntry | AdminAdvert)[]): string[] {
  const all = entries.flatMap((entry) => [
    entry.image,
    ...Object.values(entry.translations).map((texts) => texts.image ?? ''),
  ]);
  return [...new Set(all.filter(Boolean))].sort();
}

/** The adverts or the menu entries: a table by place and order, and the chosen entry's form and preview. */
function PlacedList({ kind, canWrite }: { kind: 'adverts' | 'menus'; canWrite: boolean }) {
  const t = useText();
  return (
    <EditableList<AdminAdvert | AdminMenuEntry>
      queryKey={QUERY_KEYS[kind]}
      path={kind === 'adverts' ? ADMIN_PATHS.contentAdverts : ADMIN_PATHS.contentMenus}
      entryPath={kind === 'adverts' ? ADMIN_PATHS.contentAdvert : ADMIN_PATHS.contentMenu}
      canWrite={canWrite}
      headers={['content.place', 'content.picture', 'content.title']}
      nameOf={(entry) => entry.title}
      cells={(entry) => (
        <>
          <td>{t(positionLabel(entry.position))}</td>
          <td>{entry.image && <img className="thumb" src={entry.image} alt="" />}</td>
          <td>{entry.title}</td>
        </>
      )}
      badges={(entry) =>
        'live' in entry &&
        entry.enabled &&
        !entry.live && (
          <span className="badge status-break">
            {entry.season === 'christmas' ? t('content.christmas') : t('content.notLive')}
          </span>
        )
      }
      editor={(edited, entries, onClose, onAdded) => (
        <PlacedEditor
          key={edited?.id ?? 'new'}
          kind={kind}
          entry={edited ?? newPlacedEntry(kind)}
          isNew={!edited}
          entries={entries}
          canWrite={canWrite}
          onClose={onClose}
          onAdded={onAdded}
        />
      )}
    />
  );
}

/** What the form of a new advert or menu entry starts from: the first place of its kind, on, no period. */
function newPlacedEntry(kind: 'adverts' | 'menus'): AdminAdvert | AdminMenuEntry {
  const entry: AdminMenuEntry = {
    id: 0,
    slug: '',
    position: kind === 'adverts' ? ADVERT_POSITIONS[0] : MENU_POSITIONS[0],
    title: '',
    url: '',
    image: '',
    content: '',
    sort: 0,
    enabled: true,
    translations: {},
  };
  return kind === 'adverts'
    ? { ...entry, season: 'always', startsAt: null, endsAt: null, live: false }
    : entry;
}

/**
 * A list of entries with their order and state, each with **Edit** and, for staff with `content.write`,
 * **Remove** (asked again beside its row) and an **Add** above the list; the entry being edited or added has
 * its editor above the list (the adverts, the menu entries and the FAQ entries alike).
 */
function EditableList<T extends { id: number; sort: number; enabled: boolean }>(props: {
  queryKey: string[];
  path: string;
  /** An entry's own path (`…/:id`): where it is removed. */
  entryPath: string;
  canWrite: boolean;
  /** The headers of the columns `cells` draws, before the order and the state. */
  headers: TextKey[];
  cells: (entry: T) => ReactNode;
  badges?: (entry: T) => ReactNode;
  nameOf: (entry: T) => string;
  /** The form of `edited`, or of a new entry (undefined); `onAdded` gets the new entry's id and name. */
  editor: (
    edited: T | undefined,
    entries: T[],
    onClose: () => void,
    onAdded: (id: number, name: string) => void,
  ) => ReactNode;
}) {
  const t = useText();
  const query = useQuery({ queryKey: props.queryKey, queryFn: () => callAdminApi<T[]>(props.path) });
  const [editedId, setEditedId] = useState<number | 'new'>();
  const [removingId, setRemovingId] = useState<number>();
  // What the last addition or removal did, said above the list.
  const [notice, setNotice] = useState<string>();
  if (!query.data) return <Pending error={query.error} />;
  const entries = query.data;
  const edited = entries.find((entry) => entry.id === editedId);
  const close = () => setEditedId(undefined);
  const columns = props.headers.length + 3;
  return (
    <>
      {props.canWrite && (
        <p>
          <button
            type="button"
            onClick={() => {
              setEditedId('new');
              setNotice(undefined);
            }}
          >
            {t('content.add')}
          </button>
        </p>
      )}
      {notice !== undefined && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {(edited || editedId === 'new') &&
        props.editor(edited, entries, close, (id, name) => {
          setEditedId(id);
          setNotice(t('content.added', { title: name }));
        })}
      <table className="table content-table">
        <thead>
          <tr>
            {props.headers.map((header) => (
              <th key={header}>{t(header)}</th>
            ))}
            <th className="number">{t('content.order')}</th>
            <th>{t('content.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <Fragment key={entry.id}>
              <tr aria-current={entry.id === editedId ? true : undefined}>
                {props.cells(entry)}
                <td className="number">{entry.sort}</td>
                <td>
                  <span className={entry.enabled ? 'badge status-active' : 'badge'}>
                    {t(entry.enabled ? 'content.on' : 'content.off')}
                  </span>
                  {props.badges?.(entry)}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${t('content.edit')}: ${props.nameOf(entry)}`}
                    onClick={() => setEditedId(entry.id)}
                  >
                    {t('content.edit')}
                  </button>
                  {props.canWrite && (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`${t('content.remove')}: ${props.nameOf(entry)}`}
                      onClick={() => setRemovingId(entry.id)}
                    >
                      {t('content.remove')}
                    </button>
                  )}
                </td>
              </tr>
              {entry.id === removingId && (
                <tr>
                  <td colSpan={columns}>
                    <RemoveConfirm
                      name={props.nameOf(entry)}
                      path={props.entryPath.replace(':id', String(entry.id))}
                      queryKey={props.queryKey}
                      onCancel={() => setRemovingId(undefined)}
                      onRemoved={() => {
                        setRemovingId(undefined);
                        setNotice(t('content.removed', { title: props.nameOf(entry) }));
                        if (editedId === entry.id) close();
                      }}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * Asks before removing an entry (players no longer see it; the audit log keeps it, nothing brings it back),
 * and shows the server's refusal: an entry the app relies on is switched off instead.
 */
function RemoveConfirm(props: {
  name: string;
  path: string;
  queryKey: string[];
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const t = useText();
  const saving = useSaving(props.queryKey);
  const remove = async () => {
    const removed = await saving.run(() => callAdminApi(props.path, { method: 'DELETE' }));
    if (removed !== undefined) props.onRemoved();
  };
  const title = `${t('content.remove')}: ${props.name}`;
  return (
    <div className="remove-confirm" role="alertdialog" aria-label={title}>
      <p>{t('content.removeQuestion', { title: props.name })}</p>
      <Refusal error={saving.error} />
      <div className="actions">
        <button type="button" className="danger" disabled={saving.saving} onClick={() => void remove()}>
          {t('content.removeConfirm')}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          {t('content.cancel')}
        </button>
      </div>
    </div>
  );
}

/** A form's draft: its fields, and each translated language's overrides. */
function useDraft<D extends { translations: Record<Translated, object> }>(initial: () => D) {
  const [draft, setDraft] = useState(initial);
  const set = (changes: Partial<D>) => setDraft((current) => ({ ...current, ...changes }));
  const setTranslation = (language: Translated, changes: Partial<D['translations'][Translated]>) =>
    setDraft((current) => ({
      ...current,
      translations: {
        ...current.translations,
        [language]: { ...current.translations[language], ...changes },
      },
    }));
  return { draft, set, setTranslation };
}

/** The language the preview starts in: the staff member's own. */
function usePreviewLanguage() {
  const [staffLanguage] = useLocaleState();
  return useState<Language>(
    (['en', ...TRANSLATED_LANGUAGES] as string[]).includes(staffLanguage)
      ? (staffLanguage as Language)
      : 'en',
  );
}

/**
 * An editor's frame: the form (its title, what it edits, the fields, the server's refusal, Save) beside the
 * preview and its language.
 */
function EditorFrame(props: {
  /** The form's heading: what it edits, or that it adds one. */
  title: string;
  /** The entry's place, or the field that chooses it (a new entry). */
  place: ReactNode;
  note?: ReactNode;
  canWrite: boolean;
  saving: ReturnType<typeof useSaving>;
  onSubmit: () => void;
  onClose: () => void;
  previewLanguage: Language;
  onPreviewLanguage: (language: Language) => void;
  preview: ReactNode;
  children: ReactNode;
}) {
  const { title } = props;
  const t = useText();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <div className="compose content-editor">
      <form className="card compose-form" onSubmit={submit} noValidate aria-label={title}>
        <div className="editor-head">
          <h2>{title}</h2>
          <button type="button" className="secondary" onClick={props.onClose}>
            {t('content.close')}
          </button>
        </div>
        {typeof props.place === 'string' ? <p className="muted">{props.place}</p> : props.place}
        {props.note}
        <fieldset disabled={!props.canWrite} className="plain">
          {props.children}
        </fieldset>
        <Refusal error={props.saving.error} />
        <SaveLine saving={props.saving.saving} saved={props.saving.saved} canWrite={props.canWrite} />
      </form>
      <div>
        <PreviewLanguage value={props.previewLanguage} onChange={props.onPreviewLanguage} />
        {props.preview}
      </div>
    </div>
  );
}

/** An entry's order among its place's, and its switch. */
function OrderAndSwitch(props: {
  sort: string;
  enabled: boolean;
  onSort: (sort: string) => void;
  onEnabled: (enabled: boolean) => void;
}) {
  const t = useText();
  return (
    <div className="fields">
      <label className="field">
        {t('content.order')}
        <input
          type="number"
          min={0}
          max={9999}
          value={props.sort}
          onInput={(event) => props.onSort(event.currentTarget.value)}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={props.enabled}
          onChange={(event) => props.onEnabled(event.currentTarget.checked)}
        />
        {t('content.enabled')}
      </label>
    </div>
  );
}

function PlacedEditor({
  kind,
  entry,
  isNew,
  entries,
  canWrite,
  onClose,
  onAdded,
}: {
  kind: 'adverts' | 'menus';
  entry: AdminAdvert | AdminMenuEntry;
  /** A new entry: its place is chosen here, and Save adds it. */
  isNew: boolean;
  entries: (AdminAdvert | AdminMenuEntry)[];
  canWrite: boolean;
  onClose: () => void;
  onAdded: (id: number, name: string) => void;
}) {
  const t = useText();
  const { draft, set, setTranslation } = useDraft(() => draftOf(entry));
  const [previewLanguage, setPreviewLanguage] = usePreviewLanguage();
  const saving = useSaving(QUERY_KEYS[kind]);
  // The pictures uploaded in this form join those the rows use.
  const [uploaded, setUploaded] = useState<string[]>([]);
  const pictures = [...new Set([...uploaded, ...picturesOf(entries)])];
  const isAdvert = kind === 'adverts';
  const placed = { ...entry, position: draft.position };
  const submit = () => {
    const body = {
      title: draft.title,
      url: draft.url,
      image: draft.image,
      sort: draft.sort,
      enabled: draft.enabled,
      translations: draft.translations,
      ...(isAdvert ? { startsAt: fromLocalInput(draft.startsAt), endsAt: fromLocalInput(draft.endsAt) } : {}),
    };
    if (isNew) {
      const target = isAdvert ? ADMIN_PATHS.contentAdverts : ADMIN_PATHS.contentMenus;
      void saving
        .run(() =>
          callAdminApi<AdminMenuEntry>(target, {
            method: 'POST',
            body: { ...body, position: draft.position },
          }),
        )
        .then((added) => added && onAdded(added.id, added.title));
      return;
    }
    const target = (isAdvert ? ADMIN_PATHS.contentAdvert : ADMIN_PATHS.contentMenu).replace(
      ':id',
      String(entry.id),
    );
    void saving.run(() => callAdminApi(target, { method: 'PUT', body }));
  };
  const shown = localized(draft, previewLanguage);
  const previewEntry: PreviewEntry = { id: entry.id, title: shown.title, image: shown.image, url: draft.url };
  const now = Date.now();
  const inPeriod =
    (!draft.startsAt || new Date(draft.startsAt).getTime() <= now) &&
    (!draft.endsAt || new Date(draft.endsAt).getTime() > now);
  const seasonal = 'season' in entry && entry.season === 'christmas' && !entry.live && entry.enabled;
  const pictureChoice = (
    value: string,
    onChange: (value: string) => void,
    label: string,
    emptyText?: string,
  ) => (
    <label className="field">
      {label}
      <select value={value} disabled={!canWrite} onChange={(event) => onChange(event.currentTarget.value)}>
        {(emptyText !== undefined || value === '') && <option value="">{emptyText ?? '—'}</option>}
        {pictures.map((picture) => (
          <option key={picture} value={picture}>
            {picture}
          </option>
        ))}
      </select>
    </label>
  );
  const places = isAdvert ? ADVERT_POSITIONS : MENU_POSITIONS;
  return (
    <EditorFrame
      title={
        isNew
          ? t(isAdvert ? 'content.newAdvert' : 'content.newMenuEntry')
          : t('content.editing', { title: entry.title })
      }
      place={
        isNew ? (
          <label className="field">
            {t('content.place')}
            <select
              value={draft.position}
              onChange={(event) => set({ position: Number(event.currentTarget.value) })}
            >
              {places.map((position) => (
                <option key={position} value={position}>
                  {t(positionLabel(position))}
                </option>
              ))}
            </select>
          </label>
        ) : (
          t(positionLabel(entry.position))
        )
      }
      canWrite={canWrite}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      previewLanguage={previewLanguage}
      onPreviewLanguage={setPreviewLanguage}
      preview={
        isAdvert ? (
          <AdvertPreview
            position={draft.position}
            entry={previewEntry}
            shown={draft.enabled && inPeriod && !seasonal}
          />
        ) : (
          <MenuPreview
            position={draft.position}
            editedId={entry.id}
            entries={menuWithDraft(isNew ? [...entries, placed] : entries, placed, draft, previewLanguage)}
          />
        )
      }
    >
      <label className="field">
        {t('content.title')} (English)
        <input
          type="text"
          value={draft.title}
          maxLength={200}
          onInput={(event) => set({ title: event.currentTarget.value })}
        />
      </label>
      {pictureChoice(
        draft.image,
        (image) => set({ image }),
        `${t('content.picture')} (English)`,
        isAdvert ? undefined : '—',
      )}
      <PictureUpload
        onUploaded={(url) => {
          setUploaded((current) => [url, ...current]);
          set({ image: url });
        }}
      />
      {TRANSLATED_LANGUAGES.map((language) => (
        <fieldset key={language} className="language-texts">
          <legend>{t('content.inLanguage', { language: LANGUAGE_NAMES[language] })}</legend>
          <label className="field">
            {`${t('content.title')} (${LANGUAGE_NAMES[language]})`}
            <input
              type="text"
              value={draft.translations[language].title}
              maxLength={200}
              placeholder={draft.title}
              onInput={(event) => setTranslation(language, { title: event.currentTarget.value })}
            />
          </label>
          {pictureChoice(
            draft.translations[language].image,
            (image) => setTranslation(language, { image }),
            `${t('content.picture')} (${LANGUAGE_NAMES[language]})`,
            t('content.sameAsEnglish'),
          )}
        </fieldset>
      ))}
      <label className="field">
        {t('content.link')}
        <input
          type="text"
          value={draft.url}
          maxLength={500}
          onInput={(event) => set({ url: event.currentTarget.value })}
        />
        <span className="muted small-text">{t('content.linkHint')}</span>
      </label>
      <OrderAndSwitch
        sort={draft.sort}
        enabled={draft.enabled}
        onSort={(sort) => set({ sort })}
        onEnabled={(enabled) => set({ enabled })}
      />
      {isAdvert && (
        <div className="fields">
          {(
            [
              ['startsAt', 'content.from'],
              ['endsAt', 'content.until'],
            ] as const
          ).map(([field, label]) => (
            <label key={field} className="field">
              {t(label)}
              <input
                type="datetime-local"
                value={draft[field]}
                onInput={(event) => set({ [field]: event.currentTarget.value })}
              />
            </label>
          ))}
          <span className="muted small-text">{t('content.periodHint')}</span>
        </div>
      )}
    </EditorFrame>
  );
}

/**
 * Uploads a new picture (JPEG, PNG or WebP, 1 MB at most: the server checks) and hands its address to the
 * form, which then shows it in the preview and offers it in every language's choice.
 */
function PictureUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const t = useText();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: undefined });
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setState({ busy: true, error: undefined });
    const form = new FormData();
    form.append('file', file);
    try {
      const { url } = await callAdminApi<ContentPicture>(ADMIN_PATHS.contentPictures, {
        method: 'POST',
        body: form,
      });
      onUploaded(url);
      setState({ busy: false, error: undefined });
    } catch (error) {
      setState({ busy: false, error });
    }
    input.value = '';
  };
  return (
    <div>
      <label className="field">
        {t('content.upload')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={state.busy}
          onChange={(event) => void upload(event.currentTarget)}
        />
        <span className="muted small-text">{t('content.uploadHint')}</span>
      </label>
      <Refusal error={state.error} />
    </div>
  );
}

/** The position's menu as players would get it with the draft saved: on entries only, by order then id. */
function menuWithDraft(
  entries: (AdminAdvert | AdminMenuEntry)[],
  edited: AdminMenuEntry,
  draft: PlacedDraft,
  language: Language,
): PreviewEntry[] {
  return entries
    .filter((entry) => entry.position === edited.position)
    .map((entry) => {
      if (entry.id !== edited.id) {
        const shown = localized(draftOf(entry), language);
        return { id: entry.id, sort: entry.sort, enabled: entry.enabled, url: entry.url, ...shown };
      }
      const sort = Number.parseInt(draft.sort, 10);
      return {
        id: entry.id,
        sort: Number.isNaN(sort) ? entry.sort : sort,
        enabled: draft.enabled,
        url: draft.url,
        ...localized(draft, language),
      };
    })
    .filter((entry) => entry.enabled)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
}

function PreviewLanguage({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const t = useText();
  return (
    <label className="preview-language">
      {t('content.previewLanguage')}
      <select value={value} onChange={(event) => onChange(event.currentTarget.value as Language)}>
        {(['en', ...TRANSLATED_LANGUAGES] as const).map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

type FaqDraft = {
  question: string;
  answer: string;
  sort: string;
  enabled: boolean;
  translations: Record<Translated, { question: string; answer: string }>;
};

function faqDraftOf(entry: AdminFaqEntry): FaqDraft {
  return {
    question: entry.question,
    answer: entry.answer,
    sort: String(entry.sort),
    enabled: entry.enabled,
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => [
        language,
        {
          question: entry.translations[language]?.question ?? '',
          answer: entry.translations[language]?.answer ?? '',
        },
      ]),
    ) as FaqDraft['translations'],
  };
}

function localizedFaq(draft: FaqDraft, language: Language) {
  const override = language === 'en' ? undefined : draft.translations[language];
  return { question: override?.question || draft.question, answer: override?.answer || draft.answer };
}

/** The FAQ entries by page and order, and the chosen entry's form beside the FAQ page's preview. */
function FaqList({ canWrite }: { canWrite: boolean }) {
  const t = useText();
  return (
    <EditableList<AdminFaqEntry>
      queryKey={QUERY_KEYS.faq}
      path={ADMIN_PATHS.contentFaq}
      entryPath={ADMIN_PATHS.contentFaqEntry}
      canWrite={canWrite}
      headers={['content.faqType', 'content.question']}
      nameOf={(entry) => entry.question}
      cells={(entry) => (
        <>
          <td>{t(`faqType.${entry.type}` as TextKey)}</td>
          <td>{entry.question}</td>
        </>
      )}
      editor={(edited, entries, onClose, onAdded) => (
        <FaqEditor
          key={edited?.id ?? 'new'}
          entry={edited ?? NEW_FAQ_ENTRY}
          isNew={!edited}
          entries={entries}
          canWrite={canWrite}
          onClose={onClose}
          onAdded={onAdded}
        />
      )}
    />
  );
}

/** What the form of a new FAQ entry starts from: the general page, on. */
const NEW_FAQ_ENTRY: AdminFaqEntry = {
  id: 0,
  slug: '',
  type: FAQ_TYPE.GENERAL,
  question: '',
  answer: '',
  sort: 0,
  enabled: true,
  translations: {},
  generatedAnswer: false,
};

function FaqEditor({
  entry,
  isNew,
  entries,
  canWrite,
  onClose,
  onAdded,
}: {
  entry: AdminFaqEntry;
  /** A new entry: its page is chosen here, and Save adds it. */
  isNew: boolean;
  entries: AdminFaqEntry[];
  canWrite: boolean;
  onClose: () => void;
  onAdded: (id: number, name: string) => void;
}) {
  const t = useText();
  const { draft, set, setTranslation } = useDraft(() => faqDraftOf(entry));
  const [type, setType] = useState(entry.type);
  const [previewLanguage, setPreviewLanguage] = usePreviewLanguage();
  const saving = useSaving(QUERY_KEYS.faq);
  const submit = () => {
    if (isNew) {
      void saving
        .run(() =>
          callAdminApi<AdminFaqEntry>(ADMIN_PATHS.contentFaq, { method: 'POST', body: { ...draft, type } }),
        )
        .then((added) => added && onAdded(added.id, added.question));
      return;
    }
    const target = ADMIN_PATHS.contentFaqEntry.replace(':id', String(entry.id));
    void saving.run(() => callAdminApi(target, { method: 'PUT', body: draft }));
  };
  const page = [...entries, ...(isNew ? [entry] : [])]
    .filter((each) => each.id === entry.id || each.type === type)
    .map((each) => {
      const isEdited = each.id === entry.id;
      const sort = Number.parseInt(draft.sort, 10);
      return {
        id: each.id,
        sort: isEdited && !Number.isNaN(sort) ? sort : each.sort,
        enabled: isEdited ? draft.enabled : each.enabled,
        ...localizedFaq(isEdited ? draft : faqDraftOf(each), previewLanguage),
      };
    })
    .filter((each) => each.enabled)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const textField = (
    label: string,
    value: string,
    onInput: (value: string) => void,
    placeholder?: string,
    rows?: number,
  ): ReactNode => (
    <label className="field">
      {label}
      {rows ? (
        <textarea
          rows={rows}
          value={value}
          placeholder={placeholder}
          maxLength={4000}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
      ) : (
        <input
          type="text"
          value={value}
          placeholder={placeholder}
          maxLength={300}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
      )}
    </label>
  );
  const place = t(`faqType.${type}` as TextKey);
  return (
    <EditorFrame
      title={isNew ? t('content.newFaqEntry') : t('content.editing', { title: entry.question })}
      place={
        isNew ? (
          <label className="field">
            {t('content.faqType')}
            <select value={type} onChange={(event) => setType(Number(event.currentTarget.value))}>
              {Object.values(FAQ_TYPE).map((each) => (
                <option key={each} value={each}>
                  {t(`faqType.${each}` as TextKey)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          place
        )
      }
      note={entry.generatedAnswer && <p className="notice">{t('content.generatedAnswer')}</p>}
      canWrite={canWrite}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      previewLanguage={previewLanguage}
      onPreviewLanguage={setPreviewLanguage}
      preview={<FaqPreview title={place} entries={page} editedId={entry.id} />}
    >
      {textField(`${t('content.question')} (English)`, draft.question, (question) => set({ question }))}
      {textField(`${t('content.answer')} (English)`, draft.answer, (answer) => set({ answer }), undefined, 5)}
      {TRANSLATED_LANGUAGES.map((language) => (
        <fieldset key={language} className="language-texts">
          <legend>{t('content.inLanguage', { language: LANGUAGE_NAMES[language] })}</legend>
          {textField(
            `${t('content.question')} (${LANGUAGE_NAMES[language]})`,
            draft.translations[language].question,
            (question) => setTranslation(language, { question }),
            draft.question,
          )}
          {textField(
            `${t('content.answer')} (${LANGUAGE_NAMES[language]})`,
            draft.translations[language].answer,
            (answer) => setTranslation(language, { answer }),
            draft.answer,
            3,
          )}
        </fieldset>
      ))}
      <OrderAndSwitch
        sort={draft.sort}
        enabled={draft.enabled}
        onSort={(sort) => set({ sort })}
        onEnabled={(enabled) => set({ enabled })}
      />
    </EditorFrame>
  );
}
