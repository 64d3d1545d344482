import { z } from 'zod';
import { appInfoSchema } from '../app-info.ts';
import { settingsSchema, settingsUpdateSchema } from '../settings.ts';

export const downloadsFolderSchema = z.object({
  path: z.string(),
  /** No folder chosen in the settings: the system's (with a Socialdesk folder inside, in the browser shell). */
  isDefault: z.boolean(),
});
export type DownloadsFolder = z.output<typeof downloadsFolderSchema>;

export const revealResultSchema = z.object({ opened: z.boolean(), path: z.string() });
export type RevealResult = z.output<typeof revealResultSchema>;

/** Calls about the app itself and the user's preferences. */
export const appCalls = {
  'app:info': { input: z.undefined(), output: appInfoSchema },
  'settings:get': { input: z.undefined(), output: settingsSchema },
  'settings:update': { input: settingsUpdateSchema, output: settingsSchema },
  /** Where files are saved (browser shell) or the save dialog opens (Electron), with the setting applied. */
  'files:downloads-folder': { input: z.undefined(), output: downloadsFolderSchema },
  /** Opens that folder in the file manager, or answers its path to show where none can be opened. */
  'files:open-downloads-folder': { input: z.undefined(), output: revealResultSchema },
} as const;
