import { z } from 'zod';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell the services run in: the Electron app or the browser shell (`npm run web`). */
  shell: z.enum(['electron', 'web']),
  /** Runtime name -> version, e.g. node, electron, chrome, v8. */
  runtimes: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
