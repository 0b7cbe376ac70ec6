import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, type FileStore } from './file-store.ts';

/**
 * Files in a folder: the default, needing nothing but Node. Several instances share uploads this way when
 * the folder is one they all mount (a network file system), which `UPLOAD_DIR` names.
 */
export function createFolderStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    location: path.resolve(root),
    async put(key, content) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // 'wx': never replaces a file another upload (or another instance) has written.
      await writeFile(file, content, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}
