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

/** The rules for a window that shows `appUrl`: the dev server's URL or the built index.html. */
export function createNavigationPolicy(appUrl: string): NavigationPolicy {
  const app = new URL(appUrl);

  function isOwnPage(raw: string): boolean {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    if (app.protocol === 'file:') {
      // Every file:, data: and about: URL has the opaque origin "null", so origins cannot tell
      // them apart: the built app is matched by scheme, host and path. The host matters because
      // file://host/... is a network share on Windows.
      return url.protocol === 'file:' && url.host === app.host && url.pathname === app.pathname;
    }
    return url.origin === app.origin;
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
