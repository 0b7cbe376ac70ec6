import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

type OutputChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Files the shell needs besides the bundle. Icons and logos exist for both themes because one build is
 * served with either theme; a missing one is skipped by the worker rather than failing the install.
 */
const SHELL_EXTRAS = [
  '/manifest.webmanifest',
  '/icons/winslots-192.png',
  '/icons/luckywin-192.png',
  '/icons/winslots.svg',
  '/icons/luckywin.svg',
  '/statics/brand/winslots-logo.webp',
  '/statics/brand/luckywin-logo.webp',
  '/statics/brand/age-18.webp',
];

/**
 * Emits `sw.js` with the built JS and CSS (the entry first: what the home screen needs to open
 * offline) and a version derived from that list, so every build that changes the app installs a new
 * worker.
 */
export function serviceWorkerPlugin(): Plugin {
  const templateUrl = new URL('./sw-template.js', import.meta.url);
  return {
    name: 'app:service-worker',
    // After Vite's own bundle steps, which drop the empty JS chunks of CSS-only modules; listed
    // before that, such a chunk made the worker's install fail on a file that was never written.
    enforce: 'post',
    // The browser build only: the server renderer's build has no service worker.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as OutputChunkLike);
      }
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        files.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      // The lazy screens are small (a few KB gzipped in all) and fetched after the page has loaded;
      // having them too means every screen the player opens later also works offline.
      for (const chunk of chunks.values()) visit(chunk.fileName);

      const shell = ['/index.html', ...[...files].sort().map((file) => `/${file}`)];
      const template = readFileSync(templateUrl, 'utf8');
      const version = createHash('sha256')
        .update(JSON.stringify(shell))
        .update(template)
        .digest('hex')
        .slice(0, 12);
      // The trailing semicolon picks the assignments, not the names in the template's eslint comment.
      const source = template
        .replace('= __SW_VERSION__;', `= ${JSON.stringify(version)};`)
        .replace('= __SHELL_FILES__;', `= ${JSON.stringify(shell)};`)
        .replace('= __SHELL_EXTRAS__;', `= ${JSON.stringify(SHELL_EXTRAS)};`);
      if (/= __\w+__;/.test(source)) this.error('sw-template.js has a placeholder the plugin did not fill');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
