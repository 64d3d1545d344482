import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppHandlers } from '../../../../src/main/services/app/app-handlers.ts';
import { createSettingsService } from '../../../../src/main/services/app/settings-service.ts';
import { dispatch, type Handlers } from '../../../../src/main/services/dispatch.ts';
import { createWebPlatform } from '../../../../src/main/web/web-platform.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The app handlers on the browser shell's platform, in a home folder of the test's own. */
function setup(opener: (command: string, args: string[]) => Promise<boolean>) {
  const homeDir = mkdtempSync(join(tmpdir(), 'socialdesk-files-'));
  dirs.push(homeDir);
  const saved = new Map<string, unknown>();
  const settings = createSettingsService({
    get: (key) => saved.get(key),
    set: (key, value) => void saved.set(key, value),
  });
  const opened: string[][] = [];
  const platform = createWebPlatform({
    appVersion: '1.0.0',
    userDataDir: homeDir,
    downloadsFolder: () => settings.get().downloadsFolder,
    system: {
      platform: 'linux',
      env: { DISPLAY: ':0' },
      homeDir,
      run: () => Promise.reject(new Error('no xdg-user-dir here')),
      open: (command, args) => {
        opened.push([command, ...args]);
        return opener(command, args);
      },
      print: () => undefined,
    },
  });
  const handlers = createAppHandlers({ platform, settings }) as Handlers;
  const call = (name: string, input?: unknown) => dispatch(handlers, name, input);
  return { homeDir, call, opened };
}

describe('files: the downloads folder', () => {
  it('is Socialdesk in the system downloads folder until one is chosen, then the chosen one', async () => {
    const { homeDir, call } = setup(async () => true);
    expect(await call('files:downloads-folder')).toEqual({
      ok: true,
      value: { path: join(homeDir, 'Downloads', 'Socialdesk'), isDefault: true },
    });
    const chosen = join(homeDir, 'Exports');
    expect((await call('settings:update', { downloadsFolder: chosen })).ok).toBe(true);
    expect(await call('files:downloads-folder')).toEqual({
      ok: true,
      value: { path: chosen, isDefault: false },
    });
  });

  it('refuses a relative folder at its field and keeps the one set', async () => {
    const { call } = setup(async () => true);
    const answer = await call('settings:update', { downloadsFolder: 'Exports' });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { downloadsFolder: [expect.any(String)] } },
    });
    expect(await call('files:downloads-folder')).toMatchObject({ ok: true, value: { isDefault: true } });
  });

  it('opens the folder in the file manager, creating it first', async () => {
    const { homeDir, call, opened } = setup(async () => true);
    const folder = join(homeDir, 'Downloads', 'Socialdesk');
    expect(await call('files:open-downloads-folder')).toEqual({
      ok: true,
      value: { opened: true, path: folder },
    });
    expect(existsSync(folder)).toBe(true);
    expect(opened.at(-1)).toEqual(['xdg-open', folder]);
  });

  it('answers the path when no file manager could be opened', async () => {
    const { homeDir, call } = setup(async () => false);
    expect(await call('files:open-downloads-folder')).toEqual({
      ok: true,
      value: { opened: false, path: join(homeDir, 'Downloads', 'Socialdesk') },
    });
  });
});
