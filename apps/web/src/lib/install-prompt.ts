import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage.ts';

/**
 * The browser's install offer (spec §4): kept when it fires, shown by our own prompt while no session
 * flag says the player already answered (or runs the installed app).
 */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

const SESSION_FLAG = 'install_prompt';
const INSTALLED_FLAG = 'app_installed';

let offer: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Starts listening; call once at start-up, before the browser may fire the event. */
export function initInstallPrompt(): void {
  if (isStandalone()) writeStorage('sessionStorage', SESSION_FLAG, 'true');
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own prompt decides when to ask; the browser's mini-infobar would ask at a bad moment.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    writeStorage('localStorage', INSTALLED_FLAG, '1');
    writeStorage('sessionStorage', SESSION_FLAG, 'true');
    offer = undefined;
    notify();
  });
}

export function canInstall(): boolean {
  return offer !== undefined;
}

/** Whether our prompt should appear by itself: an offer exists and nothing was answered this session. */
export function shouldShowInstallPrompt(): boolean {
  return offer !== undefined && readStorage('sessionStorage', SESSION_FLAG) === null;
}

export function dismissInstallPrompt(): void {
  writeStorage('sessionStorage', SESSION_FLAG, 'false');
  notify();
}

/** Shows the browser's install dialog; true when the player accepted. */
export async function promptInstall(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  // The event can be used once.
  offer = undefined;
  await current.prompt();
  const { outcome } = await current.userChoice;
  if (outcome === 'accepted') {
    writeStorage('localStorage', INSTALLED_FLAG, '1');
    writeStorage('sessionStorage', SESSION_FLAG, 'true');
  } else {
    writeStorage('sessionStorage', SESSION_FLAG, 'false');
  }
  notify();
  return outcome === 'accepted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallPrompt(): { canInstall: boolean; shouldShow: boolean } {
  const available = useSyncExternalStore(subscribe, canInstall, canInstall);
  const shouldShow = useSyncExternalStore(subscribe, shouldShowInstallPrompt, shouldShowInstallPrompt);
  return { canInstall: available, shouldShow };
}
