import { z } from 'zod';

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

/** The user's preferences. Small and typed: they live in a settings file, never secrets. */
export const settingsSchema = z.object({
  theme: z.enum(themePreferences),
  /**
   * Where the browser shell saves files (it has no save dialog), and where Electron's save
   * dialog opens. null: the system's downloads folder, with a Socialdesk folder inside it.
   */
  downloadsFolder: folderPathSchema.nullable(),
  /** The inbox's detail pane opens the next item by itself after a triage action on the open one. */
  openNextAfterTriage: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  theme: 'system',
  downloadsFolder: null,
  openNextAfterTriage: false,
};

/** An update names only what changes; unknown keys are refused rather than silently dropped. */
export const settingsUpdateSchema = settingsSchema.partial().strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
