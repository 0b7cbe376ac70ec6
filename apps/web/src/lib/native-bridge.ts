import { getServerPage, isServerRender } from './server-page.ts';

/**
 * The app also runs inside native wrappers (a React Native WebView, an iOS WKWebView) and inside
 * another site's frame. These helpers talk to whichever host is present.
 */
type NativeWindow = Window & {
  ReactNativeWebView?: { postMessage: (message: string) => void };
  webkit?: { messageHandlers?: { Routers?: { postMessage: (message: unknown) => void } } };
};

export const NATIVE_BACK_MESSAGE = 'Routers.back';

export function isNativeApp(): boolean {
  // A server render is for a browser: native wrappers are told apart again when the page hydrates.
  if (isServerRender()) return false;
  return typeof (window as NativeWindow).ReactNativeWebView?.postMessage === 'function';
}

/** Hands back navigation to a native host; false when there is none and the web must go back itself. */
export function postNativeBack(): boolean {
  const host = window as NativeWindow;
  if (typeof host.ReactNativeWebView?.postMessage === 'function') {
    host.ReactNativeWebView.postMessage(JSON.stringify({ name: NATIVE_BACK_MESSAGE }));
    return true;
  }
  const routers = host.webkit?.messageHandlers?.Routers;
  if (routers && typeof routers.postMessage === 'function') {
    routers.postMessage({ name: NATIVE_BACK_MESSAGE });
    return true;
  }
  return false;
}

function parentOrigin(): string | undefined {
  if (!document.referrer) return undefined;
  try {
    return new URL(document.referrer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Inside a frame, tells the parent page where the player is. Sent only to the parent's own origin
 * (from the referrer): a path can carry tokens in its query, so it is never broadcast to '*'.
 */
export function reportRouteToParent(path: string): void {
  if (window.parent === window) return;
  const origin = parentOrigin();
  if (!origin) return;
  window.parent.postMessage({ type: 'route', path }, origin);
}

export function isIos(): boolean {
  if (isServerRender()) return /iPad|iPhone|iPod/.test(getServerPage()?.userAgent ?? '');
  const { userAgent, platform, maxTouchPoints } = navigator;
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}
