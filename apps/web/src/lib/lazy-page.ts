import { lazy, type ComponentType } from 'react';

/** Spec §8: a screen's code that has not arrived after 120 s is a failed load, not an endless spinner. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('The screen could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
  });
  return Promise.race([load, timeout])
    .catch((error: unknown) => {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    })
    .finally(() => clearTimeout(timer));
}

/** A code-split screen: `lazyPage(() => import('./faq-page.tsx').then((module) => module.FaqPage))`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await withChunkTimeout(load()) }));
}
