import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useLocaleState } from 'ra-core';
import { ADMIN_PLAYER_PATHS, type PlayerNotes } from '@app/contracts/back-office-players';
import { callAdminApi, ApiError } from '../api.ts';
import { formatDate } from '../format.ts';
import { useText } from '../use-text.ts';
import { playerPath } from './panels.tsx';

/** A write's error as the operator reads it: the server's message (validation, not found), or the generic one. */
export function ErrorLine({ error }: { error: unknown }) {
  const t = useText();
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error instanceof ApiError && error.status < 500 ? error.message : t('app.error')}
    </p>
  );
}

/**
 * The operators' notes on the player (who, when; only ever added) and its tags. Reading needs
 * `players.read`; writing `players.write`, and the server records each write in the audit log.
 */
export function NotesPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess: canWrite } = useCanAccess({ resource: 'players', action: 'write' });
  const client = useQueryClient();
  const key = ['player-notes', memberId];
  const notes = useQuery({
    queryKey: key,
    queryFn: () => callAdminApi<PlayerNotes>(playerPath(ADMIN_PLAYER_PATHS.notes, memberId)),
  });
  const [text, setText] = useState('');
  const [tag, setTag] = useState('');
  const saved = (data: PlayerNotes) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['player-panel', memberId, 'audit'] });
  };
  const addNote = useMutation({
    mutationFn: (note: string) =>
      callAdminApi<PlayerNotes>(playerPath(ADMIN_PLAYER_PATHS.notes, memberId), {
        method: 'POST',
        body: { text: note },
      }),
    onSuccess: (data) => {
      setText('');
      saved(data);
    },
  });
  const setTags = useMutation({
    mutationFn: (tags: string[]) =>
      callAdminApi<PlayerNotes>(playerPath(ADMIN_PLAYER_PATHS.tags, memberId), {
        method: 'PUT',
        body: { tags },
      }),
    onSuccess: (data) => {
      setTag('');
      saved(data);
    },
  });

  if (notes.error) return <ErrorLine error={notes.error} />;
  if (!notes.data) return <p className="muted">{t('app.loading')}</p>;
  const current = notes.data.tags.map((entry) => entry.tag);
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) addNote.mutate(text.trim());
  };
  const submitTag = (event: FormEvent) => {
    event.preventDefault();
    const added = tag.trim().toLowerCase();
    if (added && !current.includes(added)) setTags.mutate([...current, added]);
  };
  return (
    <div className="grid">
      <section className="card panel">
        <h2>{t('notes.title')}</h2>
        {canWrite && (
          <form className="stack" onSubmit={submitNote}>
            <label>
              {t('notes.text')}
              <textarea
                rows={3}
                maxLength={2000}
                value={text}
                onInput={(event) => setText(event.currentTarget.value)}
              />
            </label>
            <button type="submit" disabled={addNote.isPending || !text.trim()}>
              {t('notes.add')}
            </button>
            <ErrorLine error={addNote.error} />
          </form>
        )}
        {notes.data.notes.length === 0 ? (
          <p className="muted">{t('notes.none')}</p>
        ) : (
          <ul className="notes">
            {notes.data.notes.map((note) => (
              <li key={note.id}>
                <p>{note.text}</p>
                <p className="muted">
                  {t('notes.by', { login: note.staffLogin, at: formatDate(note.createdAt, language) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card panel">
        <h2>{t('tags.title')}</h2>
        {notes.data.tags.length === 0 ? (
          <p className="muted">{t('tags.none')}</p>
        ) : (
          <ul className="tags">
            {notes.data.tags.map((entry) => (
              <li key={entry.tag}>
                <span
                  className="badge"
                  title={t('notes.by', {
                    login: entry.staffLogin,
                    at: formatDate(entry.createdAt, language),
                  })}
                >
                  {entry.tag}
                </span>
                {canWrite && (
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={t('tags.remove', { tag: entry.tag })}
                    disabled={setTags.isPending}
                    onClick={() => setTags.mutate(current.filter((other) => other !== entry.tag))}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canWrite && (
          <form className="stack" onSubmit={submitTag}>
            <label>
              {t('tags.add')}
              <input
                value={tag}
                maxLength={30}
                pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
                onInput={(event) => setTag(event.currentTarget.value)}
              />
            </label>
            <p className="muted">{t('tags.hint')}</p>
            <button type="submit" disabled={setTags.isPending || !tag.trim()}>
              {t('tags.addButton')}
            </button>
            <ErrorLine error={setTags.error} />
          </form>
        )}
      </section>
    </div>
  );
}
