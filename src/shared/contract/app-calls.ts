import { z } from 'zod';
import { appInfoSchema } from '../app-info.ts';
import { settingsSchema, settingsUpdateSchema } from '../settings.ts';

/** Calls about the app itself and the user's preferences. */
export const appCalls = {
  'app:info': { input: z.undefined(), output: appInfoSchema },
  'settings:get': { input: z.undefined(), output: settingsSchema },
  'settings:update': { input: settingsUpdateSchema, output: settingsSchema },
} as const;
