import { z } from 'zod';
import { defaultWaitingThresholds } from './domain/waiting.ts';

export const themePreferences = ['system', 'light', 'dark'] as const;

// Pure TypeScript (no node:path here): a POSIX path from the root, a Windows drive path (C:\ or
// C:/) or a UNC share (\\server\share).
const absolutePath = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/;

/** A folder the user typed or picked: absolute, no NUL (which would cut the path short in C). */
export const folderPathSchema = z
  .string()
  .trim()
  .min(1, 'Choose a folder.')
  .max(4096)
  .refine((path) => !path.includes('\0'), 'A folder path cannot contain a NUL character.')
  .refine((path) => absolutePath.test(path), 'Give the full path of the folder, from the root.');

const thresholdMinutes = z
  .number()
  .int('Give a whole number of minutes.')
  .min(1, 'A step is at least 1 minute.')
  .max(30 * 24 * 60, 'A step is at most 30 days.');

/** When a waiting person's label turns amber, red and deep red (minutes, each longer than the last). */
export const waitingThresholdsSchema = z
  .object({ dueMinutes: thresholdMinutes, lateMinutes: thresholdMinutes, overdueMinutes: thresholdMinutes })
  .refine((t) => t.lateMinutes > t.dueMinutes, {
    message: 'Make this step longer than the first.',
    path: ['lateMinutes'],
  })
  .refine((t) => t.overdueMinutes > t.lateMinutes, {
    message: 'Make this step longer than the second.',
    path: ['overdueMinutes'],
  });

/** The user's preferences. Small and typed: they live in a settings file, never secrets. */
export const settingsSchema = z.object({
  theme: z.enum(themePreferences),
  /**
   * Where the browser shell saves files (it has no save dialog), and where Electron's save
   * dialog opens. null: the system's downloads folder, with a Socialdesk folder inside it.
   */
  downloadsFolder: folderPathSchema.nullable(),
  waitingThresholds: waitingThresholdsSchema,
  /** The inbox's detail pane opens the next item by itself after a triage action on the open one. */
  openNextAfterTriage: z.boolean(),
  /** How often (seconds) main asks the service what arrived in the inbox since it last asked. */
  inboxDeltaSeconds: z
    .number()
    .int('Give a whole number of seconds.')
    .min(2, 'Ask at most every 2 seconds.')
    .max(3600, 'Ask at least once an hour.'),
  /** Notifications of new interactions that match a chosen saved view. */
  notifyNewInViews: z.boolean(),
  /** The saved views (ids) whose new interactions raise a notification. */
  notifyViewIds: z.array(z.string().min(1).max(100)).max(200),
  /** The unread count on the app's badge (the page title in the browser shell). */
  unreadBadge: z.boolean(),
  /**
   * How many days of each brand's interactions the inbox keeps on this computer (by latest
   * activity), so lists, search and counts answer without the service, and offline.
   */
  mirrorRetentionDays: z
    .number()
    .int('Give a whole number of days.')
    .min(7, 'Keep at least 7 days.')
    .max(730, 'Keep at most 730 days.'),
  /**
   * The share (percent) of each rate-limit window the inbox copy's sync (first fill, delta,
   * sweep, re-reading the rows shown) may use while a person is working; the rest is theirs.
   */
  syncSharePercent: z
    .number()
    .int('Give a whole number of percent.')
    .min(1, 'Give sync at least 1%.')
    .max(50, 'Keep at least half of each minute’s calls for you: at most 50%.'),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  theme: 'system',
  downloadsFolder: null,
  waitingThresholds: defaultWaitingThresholds,
  openNextAfterTriage: false,
  inboxDeltaSeconds: 30,
  notifyNewInViews: true,
  notifyViewIds: [],
  unreadBadge: true,
  mirrorRetentionDays: 90,
  syncSharePercent: 10,
};

/** An update names only what changes; unknown keys are refused rather than silently dropped. */
export const settingsUpdateSchema = settingsSchema.partial().strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
