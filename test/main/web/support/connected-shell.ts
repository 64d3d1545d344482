import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebShell, type WebShell } from '../../../../src/main/web/server.ts';
import { exchange } from './exchange.ts';

export interface ConnectedShell {
  shell: WebShell;
  /** The `Cookie` header of a page connected through one of its links. */
  cookie: string;
  close(): Promise<void>;
}

/**
 * A browser shell on a folder of its own (an empty page for its renderer, its own keychain
 * service name), and the session cookie of a page connected to it.
 */
export async function startConnectedShell(name: string, now?: () => number): Promise<ConnectedShell> {
  const dir = mkdtempSync(join(tmpdir(), `socialdesk-${name}-`));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Socialdesk</title>');
  const shell = await startWebShell({
    rendererDir,
    userDataDir: join(dir, 'data'),
    appVersion: '9.9.9',
    keychainService: `Socialdesk-test-${name}`,
    now,
  });
  const cookie = (await exchange(shell.issueLink().url)).cookie!;
  return {
    shell,
    cookie,
    close: async () => {
      await shell.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
