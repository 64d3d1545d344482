import { z } from 'zod';

export const themePreferences = ['system', 'light', 'dark'] as const;

/** The user's preferences. Small and typed: they live in a settings file, never secrets. */
export const settingsSchema = z.object({
  theme: z.enum(themePreferences),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = { theme: 'system' };

/** An update names only what changes; unknown keys are refused rather than silently dropped. */
export const settingsUpdateSchema = settingsSchema.partial().strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
