import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { denyAllPermissions } from '../../../src/main/electron/permissions.ts';

type RequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

/** A session that keeps the handlers it is given, as Electron's does. */
function fakeSession() {
  const set: { request?: RequestHandler; check?: CheckHandler } = {};
  return {
    set,
    setPermissionRequestHandler: (handler: RequestHandler) => void (set.request = handler),
    setPermissionCheckHandler: (handler: CheckHandler) => void (set.check = handler),
  };
}

const contents = {} as WebContents;

describe('permissions', () => {
  it('refuses every permission a page asks for', () => {
    const session = fakeSession();
    denyAllPermissions(session);
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'clipboard-read',
      'openExternal',
    ] as const) {
      const answers: boolean[] = [];
      session.set.request!(contents, permission, (granted) => answers.push(granted), {} as never);
      expect(answers, permission).toEqual([false]);
    }
  });

  it('answers "not granted" to every check, which Electron would otherwise grant', () => {
    const session = fakeSession();
    denyAllPermissions(session);
    for (const permission of [
      'media',
      'notifications',
      'clipboard-sanitized-write',
      'hid',
      'usb',
      'serial',
    ] as const) {
      expect(
        session.set.check!(contents, permission, 'app://socialdesk/index.html', {} as never),
        permission,
      ).toBe(false);
    }
  });
});
