import type { Session } from 'electron';

/**
 * No page of ours needs a permission (camera, notifications, clipboard, geolocation, ...), so none
 * is granted. Both handlers are needed: the request handler answers a page that asks (a prompt
 * would appear), the check handler answers a page that only queries (`navigator.permissions`,
 * some APIs check before use), which Electron otherwise grants by default.
 */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
