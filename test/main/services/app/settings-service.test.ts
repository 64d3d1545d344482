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

const waitingThresholds = { dueMinutes: 60, lateMinutes: 240, overdueMinutes: 1440 };
const liveDefaults = { inboxDeltaSeconds: 30, notifyNewInViews: true, notifyViewIds: [], unreadBadge: true };

describe('settings service', () => {
  it('starts from the defaults: system theme, the system downloads folder', () => {
    expect(withStored(undefined).service.get()).toEqual({
      theme: 'system',
      downloadsFolder: null,
      waitingThresholds,
      openNextAfterTriage: false,
      ...liveDefaults,
      mirrorRetentionDays: 90,
      syncSharePercent: 10,
    });
    expect(defaultSettings.downloadsFolder).toBeNull();
  });

  it('keeps the valid keys of a hand-edited file and defaults only the broken one', () => {
    const { service } = withStored({ theme: 'dark', downloadsFolder: 'relative/folder', unknown: 1 });
    expect(service.get()).toEqual({
      theme: 'dark',
      downloadsFolder: null,
      waitingThresholds,
      openNextAfterTriage: false,
      ...liveDefaults,
      mirrorRetentionDays: 90,
      syncSharePercent: 10,
    });
  });

  it('reads a file from before the downloads folder existed', () => {
    expect(withStored({ theme: 'light' }).service.get()).toEqual({
      theme: 'light',
      downloadsFolder: null,
      waitingThresholds,
      openNextAfterTriage: false,
      ...liveDefaults,
      mirrorRetentionDays: 90,
      syncSharePercent: 10,
    });
  });

  it('saves a chosen downloads folder and a return to the default', () => {
    const { service, saved } = withStored(undefined);
    expect(service.update({ downloadsFolder: '/home/ana/Exports' })).toEqual({
      theme: 'system',
      downloadsFolder: '/home/ana/Exports',
      waitingThresholds,
      openNextAfterTriage: false,
      ...liveDefaults,
      mirrorRetentionDays: 90,
      syncSharePercent: 10,
    });
    expect(saved.get('preferences')).toEqual({
      theme: 'system',
      downloadsFolder: '/home/ana/Exports',
      waitingThresholds,
      openNextAfterTriage: false,
      ...liveDefaults,
      mirrorRetentionDays: 90,
      syncSharePercent: 10,
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

  it('saves the waiting thresholds and refuses steps out of order, naming the step', () => {
    const { service } = withStored(undefined);
    const mine = { dueMinutes: 15, lateMinutes: 60, overdueMinutes: 480 };
    expect(service.update({ waitingThresholds: mine }).waitingThresholds).toEqual(mine);
    const refused = settingsUpdateSchema.safeParse({
      waitingThresholds: { dueMinutes: 60, lateMinutes: 30, overdueMinutes: 480 },
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['waitingThresholds', 'lateMinutes'],
      message: 'Make this step longer than the first.',
    });
    expect(service.get().waitingThresholds).toEqual(mine);
  });

  it('defaults only the thresholds when a hand-edited file has them out of order', () => {
    const { service } = withStored({
      theme: 'dark',
      waitingThresholds: { dueMinutes: 500, lateMinutes: 10, overdueMinutes: 20 },
    });
    expect(service.get()).toEqual({
      theme: 'dark',
      downloadsFolder: null,
      waitingThresholds,
      openNextAfterTriage: false,
      ...liveDefaults,
      mirrorRetentionDays: 90,
      syncSharePercent: 10,
    });
  });
});
