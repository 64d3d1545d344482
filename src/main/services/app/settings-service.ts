import {
  defaultSettings,
  settingsSchema,
  type Settings,
  type SettingsUpdate,
} from '../../../shared/settings.ts';

/**
 * The part of conf / electron-store the settings service uses. Both libraries offer it, so the
 * Electron shell passes an electron-store and the browser shell a conf instance.
 */
export interface PreferencesBackend {
  get(key: 'preferences'): unknown;
  set(key: 'preferences', value: Settings): void;
}

export interface SettingsService {
  get(): Settings;
  update(patch: SettingsUpdate): Settings;
}

export function createSettingsService(backend: PreferencesBackend): SettingsService {
  function get(): Settings {
    // A hand-edited or older file must not break the app: keep the valid keys, default the rest
    // (key by key, so one bad value does not reset the others).
    const stored = backend.get('preferences');
    const record: Record<string, unknown> =
      typeof stored === 'object' && stored !== null ? { ...stored } : {};
    const valid = Object.entries(settingsSchema.shape).flatMap(([key, schema]) => {
      const parsed = schema.safeParse(record[key]);
      return parsed.success ? [[key, parsed.data] as const] : [];
    });
    return settingsSchema.parse({ ...defaultSettings, ...Object.fromEntries(valid) });
  }

  function update(patch: SettingsUpdate): Settings {
    const next = settingsSchema.parse({ ...get(), ...patch });
    backend.set('preferences', next);
    return next;
  }

  return { get, update };
}
