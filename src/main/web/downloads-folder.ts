import { open, mkdir } from 'node:fs/promises';
import { extname, isAbsolute, join, normalize } from 'node:path';

/** Runs a command and answers its stdout; rejects when it is missing or fails. */
export type RunCommand = (command: string, args: string[]) => Promise<string>;

/**
 * The system's downloads folder: on Linux and the BSDs what `xdg-user-dir DOWNLOAD` says (the
 * user's XDG_DOWNLOAD_DIR, translated on localized desktops: "Téléchargements", ...), elsewhere or
 * without it ~/Downloads.
 */
export async function systemDownloadsFolder(deps: {
  platform: NodeJS.Platform;
  homeDir: string;
  run: RunCommand;
}): Promise<string> {
  const fallback = join(deps.homeDir, 'Downloads');
  if (deps.platform === 'darwin' || deps.platform === 'win32') return fallback;
  let answer: string;
  try {
    answer = (await deps.run('xdg-user-dir', ['DOWNLOAD'])).trim();
  } catch {
    return fallback; // not installed (xdg-user-dirs is optional)
  }
  // Unset, xdg-user-dir answers the home folder itself, which the XDG spec reads as "none".
  const usable = answer && !answer.includes('\0') && isAbsolute(answer);
  return usable && normalize(answer) !== normalize(deps.homeDir) ? answer : fallback;
}

/**
 * Creates `folder` when needed and reserves a free name in it for `name`: "name.csv", then
 * "name (1).csv", "name (2).csv", ... The file is created empty (exclusive create), so two saves
 * at once never get the same path and nothing existing is ever overwritten; the caller writes it.
 */
export async function reserveFreePath(folder: string, name: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 0; n < 10_000; n++) {
    const candidate = join(folder, n === 0 ? name : `${stem} (${n})${extension}`);
    try {
      await (await open(candidate, 'wx')).close();
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`No free name for ${name} in ${folder}.`);
}
