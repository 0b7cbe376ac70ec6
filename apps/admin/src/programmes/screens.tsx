import { lazy, Suspense, type ComponentType } from 'react';
import { Pending } from '../players.tsx';

/**
 * The programmes, draws and messages screens, loaded when first opened: the generated settings form and the lists
 * stay out of the back office's first download (docs/back-office.md "Its bundle").
 */
export function later(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LaterScreen() {
    return (
      <Suspense fallback={<Pending />}>
        <Screen />
      </Suspense>
    );
  };
}

export const ProgrammeList = later(async () => (await import('./programme-list.tsx')).ProgrammeList);
export const ProgrammeEdit = later(async () => (await import('./programme-edit.tsx')).ProgrammeEdit);
export const DrawList = later(async () => (await import('./draw-list.tsx')).DrawList);
export const MessageCompose = later(async () => (await import('./message-compose.tsx')).MessageCompose);
