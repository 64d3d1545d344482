import { isAllowedExternalUrl } from '../services/app/external-links.ts';

/**
 * What the frame check reads of Electron's `WebFrameMain`. Structural, so this module imports no
 * electron and its decisions are unit-tested without an Electron binary; window.ts wires them.
 */
export interface FrameInfo {
  readonly url: string;
  readonly parent: FrameInfo | null;
  isDestroyed(): boolean;
}

/** What to do with a navigation or a window.open: let it happen, refuse it, or hand it to the browser. */
export type NavigationDecision = 'allow' | 'deny' | 'open-in-browser';

export interface NavigationPolicy {
  /** Is this URL the app's own page (any route of it: routes live in the hash)? */
  isOwnPage(url: string): boolean;
  /** Is this IPC sender the top-level frame of our window, showing our own page? */
  isTrustedFrame(frame: FrameInfo | null | undefined, mainFrame: FrameInfo | null | undefined): boolean;
  /** `will-navigate`: the window itself is about to leave for `url`. */
  onNavigate(url: string): NavigationDecision;
  /** `setWindowOpenHandler`: a link with target=_blank or a window.open call. */
  onWindowOpen(url: string): Exclude<NavigationDecision, 'allow'>;
  /** `will-attach-webview`: the app uses no webview, and a guest page escapes the checks above. */
  mayAttachWebview(): false;
}

/** The schemes an app page may come from: the app's own scheme, or the dev server in development. */
const APP_PAGE_SCHEMES = new Set(['app:', 'http:', 'https:']);

/**
 * The rules for a window that shows `appUrl`: the dev server's URL or the built page on the app
 * scheme (app-protocol.ts). A file: URL is refused: every file, data: and about: page has the
 * same opaque "null" origin, so no check could tell the app from another page.
 */
export function createNavigationPolicy(appUrl: string): NavigationPolicy {
  const app = new URL(appUrl);
  if (!APP_PAGE_SCHEMES.has(app.protocol) || !app.host) {
    throw new Error(`The app page must be served over the app scheme or http(s), not ${app.protocol}`);
  }

  function isOwnPage(raw: string): boolean {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    // Same scheme, host and port: the page's origin, any path and route of it. Compared by parts
    // because a URL of a scheme Node does not know (app:) has the origin "null" in Node, while
    // Chromium gives the registered standard scheme its own. Host names are case-insensitive.
    return (
      url.protocol === app.protocol &&
      url.host.toLowerCase() === app.host.toLowerCase() &&
      url.username === '' &&
      url.password === ''
    );
  }

  function isTrustedFrame(frame: FrameInfo | null | undefined, mainFrame: FrameInfo | null | undefined) {
    // IPC gives null when the sender has navigated away or is gone; nothing else is the main frame.
    if (!frame || frame !== mainFrame) return false;
    try {
      return !frame.isDestroyed() && frame.parent === null && isOwnPage(frame.url);
    } catch {
      // Electron throws when a frame disposed meanwhile is read: that sender is not ours any more.
      return false;
    }
  }

  function onWindowOpen(url: string): Exclude<NavigationDecision, 'allow'> {
    // Never a second app window, even of our own page: links to the networks go to the browser.
    return isAllowedExternalUrl(url) ? 'open-in-browser' : 'deny';
  }

  return {
    isOwnPage,
    isTrustedFrame,
    onNavigate: (url) => (isOwnPage(url) ? 'allow' : onWindowOpen(url)),
    onWindowOpen,
    mayAttachWebview: () => false,
  };
}
