import { execFile } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Platform, RevealResult, SavePathOptions } from '../services/platform.ts';
import { checkedAbsolutePath, saveFileName } from '../services/platform-paths.ts';
import { firstFreePath } from '../services/exports/free-name.ts';
import { systemDownloadsFolder, type RunCommand } from './downloads-folder.ts';
import { revealCommand, startOpener, type Opener } from './file-manager.ts';

/** What the browser shell's platform reads from the machine; tests pass their own. */
export interface WebSystem {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  run: RunCommand;
  open: Opener;
  /** Where a path goes when no file manager could show it: the terminal running the shell. */
  print(line: string): void;
}

const runCommand: RunCommand = async (command, args) =>
  (await promisify(execFile)(command, args, { timeout: 5000, encoding: 'utf8' })).stdout;

export function createWebPlatform(options: {
  appVersion: string;
  userDataDir: string;
  /** The downloads folder chosen in the settings; null for the system's. Read at every save. */
  downloadsFolder: () => string | null;
  system?: Partial<WebSystem>;
}): Platform {
  const system: WebSystem = {
    platform: process.platform,
    env: process.env,
    homeDir: homedir(),
    run: runCommand,
    open: startOpener,
    print: (line) => console.log(line),
    ...options.system,
  };
  let systemDownloads: Promise<string> | undefined;

  async function downloadsFolder(): Promise<string> {
    const chosen = options.downloadsFolder();
    if (chosen) return chosen;
    systemDownloads ??= systemDownloadsFolder(system);
    return join(await systemDownloads, 'Socialdesk');
  }

  async function revealPath(path: string): Promise<RevealResult> {
    const checked = checkedAbsolutePath(path);
    const found = await stat(checked).catch(() => null);
    const command = found && revealCommand(checked, found.isDirectory(), system.platform, system.env);
    const opened = command ? await system.open(...command).catch(() => false) : false;
    // The page shows the path too; the terminal line is for whoever started the shell.
    if (!opened) system.print(`socialdesk: the file is at ${checked}`);
    return { opened, path: checked };
  }

  /**
   * No native dialog in a browser page, so never cancelled: the first free name in the downloads
   * folder ("name.csv", "name (1).csv", ...), created by nobody. The save takes it, or the next
   * free one if another save took it meanwhile, only once its file is complete: until then the
   * folder shows no (empty) file by that name.
   */
  async function chooseSavePath({ defaultName, filters }: SavePathOptions): Promise<string> {
    const folder = await downloadsFolder();
    await mkdir(folder, { recursive: true });
    return firstFreePath(join(folder, saveFileName(defaultName, filters)));
  }

  return {
    shell: 'web',
    appVersion: options.appVersion,
    runtimes: { node: process.versions.node, v8: process.versions.v8 },
    userDataDir: options.userDataDir,
    chooseSavePath,
    revealPath,
    downloadsFolder,
  };
}
