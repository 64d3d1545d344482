import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Temporary files of exports, and what is left of them when the app was killed (or crashed, or
 * lost its power) half way through one. An export is written to a hidden file beside its target,
 * named so that it is recognisably this app's and says which process wrote it:
 * `.<name>.socialdesk-<pid>-<run>-<random>.part` (<run>: 8 hex digits drawn once per process, so
 * a later process that gets the same pid, as in a container, still tells the file is not its own).
 * While it is written, a note in the app's folder (`exports-underway/`) names it, so that one
 * saved anywhere (the save dialog may choose any folder) is found again.
 */

const RUN = randomBytes(4).toString('hex');

const PART_FILE = /^\..+\.socialdesk-(\d+)-([0-9a-f]{8})-[0-9a-f]{8}\.part$/;
/** How earlier versions named them: `.<name>.csv.<8 hex digits>.part`. */
const EARLIER_PART_FILE = /^\..+\.csv\.[0-9a-f]{8}\.part$/;
const NOTE = /^(\d+)-([0-9a-f]{8})-[0-9a-f]{8}$/;

/** A temporary file for an export to `target`: same folder (so the final rename stays on its disk). */
export function partFilePath(target: string): string {
  const random = randomBytes(4).toString('hex');
  return join(dirname(target), `.${basename(target)}.socialdesk-${process.pid}-${RUN}-${random}.part`);
}

const notesFolder = (userDataDir: string) => join(userDataDir, 'exports-underway');

/**
 * Notes down `partPath` as written by this process until the answered function is called (once the
 * file is renamed into place or removed).
 */
export async function noteUnderway(userDataDir: string, partPath: string): Promise<() => Promise<void>> {
  const folder = notesFolder(userDataDir);
  await mkdir(folder, { recursive: true });
  const note = join(folder, `${process.pid}-${RUN}-${randomBytes(4).toString('hex')}`);
  await writeFile(note, partPath);
  return () => rm(note, { force: true });
}

/** Whether a process by that id runs (on this machine); one we may not signal runs too. */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface LeftoverOptions {
  userDataDir: string;
  /** Folders the app exports to, searched too: for files whose note is gone, and earlier versions'. */
  folders: string[];
  /** Whether a process by that id runs; tests may answer for their own children. */
  processRuns?: (pid: number) => boolean;
}

/**
 * Removes the temporary files of exports that no running process is writing: those the notes
 * name, and those in `folders` with the app's name pattern. A file whose process still runs (an
 * export of this process or of another window of the app) is left alone, and so is every file
 * not named by the app's pattern. Answers the paths removed.
 */
export async function removeExportLeftovers(options: LeftoverOptions): Promise<string[]> {
  const runs = options.processRuns ?? processRuns;
  const written = (pid: string, run: string) =>
    Number(pid) === process.pid ? run === RUN : runs(Number(pid));
  const removed: string[] = [];
  const remove = async (path: string) => {
    try {
      await rm(path);
      removed.push(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };

  const folder = notesFolder(options.userDataDir);
  for (const note of await namesIn(folder)) {
    const [, pid, run] = NOTE.exec(note) ?? [];
    if (!pid || !run || written(pid, run)) continue;
    const path = (await readFile(join(folder, note), 'utf8').catch(() => '')).trim();
    if (PART_FILE.test(basename(path))) await remove(path);
    await rm(join(folder, note), { force: true });
  }
  for (const exportFolder of new Set(options.folders)) {
    for (const name of await namesIn(exportFolder)) {
      const [, pid, run] = PART_FILE.exec(name) ?? [];
      const leftover = pid && run ? !written(pid, run) : EARLIER_PART_FILE.test(name);
      if (leftover) await remove(join(exportFolder, name));
    }
  }
  return removed;
}

async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
