import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFolderStore } from './folder-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folder-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the folder store', () => {
  it('keeps files under their key, folders made as needed, and answers undefined for none', async () => {
    const store = createFolderStore(root);
    await store.put('private/abc.png', Buffer.from('proof'), 'image/png');
    expect((await readFile(path.join(root, 'private', 'abc.png'))).toString()).toBe('proof');
    expect((await store.get('private/abc.png'))?.toString()).toBe('proof');
    expect(await store.get('abc.png')).toBeUndefined();
  });

  it('never replaces a file, and never leaves its folder', async () => {
    const store = createFolderStore(root);
    await store.put('once.png', Buffer.from('first'), 'image/png');
    await expect(store.put('once.png', Buffer.from('second'), 'image/png')).rejects.toThrow(/EEXIST/);
    expect((await store.get('once.png'))?.toString()).toBe('first');
    for (const key of ['../outside.png', 'private/../../outside.png', '/etc/passwd', 'a\\b.png']) {
      await expect(store.get(key), key).rejects.toThrow(/not a file store key/);
    }
  });
});
