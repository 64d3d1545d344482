import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../sandbox/start.ts';
import type { LocalSandbox } from './account-handlers.ts';

export interface LocalSandboxStarter {
  /** Starts the sandbox once per app run (later calls get the running one). */
  start(): Promise<LocalSandbox>;
  close(): Promise<void>;
}

/**
 * "Explore with the local sandbox": the sandbox runs inside main on a free loopback port, with
 * its database in the user-data folder, so whatever the user does there is still there next
 * time (the port changes per run; the database and its tokens do not).
 */
export function createLocalSandboxStarter(userDataDir: string): LocalSandboxStarter {
  let running: Promise<RunningSandbox> | undefined;
  return {
    start() {
      running ??= (async () => {
        const folder = join(userDataDir, 'sandbox');
        mkdirSync(folder, { recursive: true });
        return startSandbox({ port: 0, db: join(folder, 'sandbox.db') });
      })();
      // A failed start may be retried (say, after freeing disk space).
      running.catch(() => (running = undefined));
      return running;
    },
    async close() {
      const sandbox = await running?.catch(() => undefined);
      running = undefined;
      await sandbox?.close();
    },
  };
}
