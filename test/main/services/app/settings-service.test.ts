import { describe, expect, it } from 'vitest';
import { createSettingsService } from '../../../../src/main/services/app/settings-service.ts';
import { defaultSettings, settingsUpdateSchema } from '../../../../src/shared/settings.ts';

function withStored(stored: unknown) {
  const saved = new Map<string, unknown>([['preferences', stored]]);
  const service = createSettingsService({
    get: (key) => saved.get(key),
    set: (key, value) => void saved.set(key, value),
  });
  return { service, saved };
}

describe('settings service', () => {
  it('starts from the defaults: system theme, the system downloads folder', () => {
    expect(withStored(undefined).service.get()).toEqual({
      theme: 'system',
      downloadsFolder: null,
      openNextAfterTriage: false,
    });
    expect(defaultSettings.downloadsFolder).toBeNull();
  });

  it('keeps the valid keys of a hand-edited file and defaults only the broken one', () => {
    const { service } = withStored({ theme: 'dark', downloadsFolder: 'relative/folder', unknown: 1 });
    expect(service.get()).toEqual({ theme: 'dark', downloadsFolder: null, openNextAfterTriage: false });
  });

  it('reads a file from before the downloads folder existed', () => {
    expect(withStored({ theme: 'light' }).service.get()).toEqual({
      theme: 'light',
      downloadsFolder: null,
      openNextAfterTriage: false,
    });
  });

  it('saves a chosen downloads folder and a return to the default', () => {
    const { service, saved } = withStored(undefined);
    expect(service.update({ downloadsFolder: '/home/ana/Exports' })).toEqual({
      theme: 'system',
      downloadsFolder: '/home/ana/Exports',
      openNextAfterTriage: false,
    });
    expect(saved.get('preferences')).toEqual({
      theme: 'system',
      downloadsFolder: '/home/ana/Exports',
      openNextAfterTriage: false,
    });
    expect(service.update({ downloadsFolder: null }).downloadsFolder).toBeNull();
  });

  it.each(['C:\\Users\\ana\\Exports', 'D:/exports', '\\\\nas\\share\\exports', '/srv/exports'])(
    'accepts the absolute folder %s',
    (folder) => {
      expect(settingsUpdateSchema.safeParse({ downloadsFolder: folder }).success).toBe(true);
    },
  );

  it.each(['Exports', './exports', '~/Downloads', 'C:exports', '', '/tmp/a\0b'])(
    'refuses %j as a downloads folder, in the contract input and in the service',
    (folder) => {
      expect(settingsUpdateSchema.safeParse({ downloadsFolder: folder }).success).toBe(false);
      expect(() => withStored(undefined).service.update({ downloadsFolder: folder })).toThrow();
    },
  );
});
