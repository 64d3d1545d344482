import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { noteUnderway, partFilePath } from './export-leftovers.ts';
import { moveToFreeName } from './free-name.ts';

/** Where a file is saved, as the Platform chose it. */
export interface SaveTarget {
  path: string;
  /**
   * true: the person chose this very path in the save dialog (which asked before replacing a
   * file), so the saved file replaces what is there. false: a name wished for (the browser shell
   * has no dialog): the file takes the first free one of "name.csv", "name (1).csv", ..., picked
   * at the end, so nothing is ever overwritten and no placeholder is ever made for it.
   */
  replace: boolean;
}

export interface Saved<T> {
  /** What `write` answered. */
  result: T;
  /** Where the file is. */
  path: string;
}

export interface SaveOptions {
  /** The app's folder, where the temporary file is noted while it is written (export-leftovers.ts). */
  userDataDir?: string;
}

/**
 * Saves a file so that it appears complete or not at all: `write` fills a temporary file beside
 * the target (same folder, so same disk, so the rename is atomic), which is flushed to disk and
 * renamed into place only once `write` resolved. Until then the target's folder shows no file by
 * the target's name. When `write` fails or is aborted, the temporary file is removed; a file the
 * person chose to overwrite is left as it was. A temporary file left by a killed process is
 * removed at the next start (removeExportLeftovers).
 */
export async function saveAtomically<T>(
  target: SaveTarget,
  write: (file: WriteStream) => Promise<T>,
  options: SaveOptions = {},
): Promise<Saved<T>> {
  const temporary = partFilePath(target.path);
  // The note only helps a later start clean up after a kill: without it the export goes on.
  const done = options.userDataDir
    ? await noteUnderway(options.userDataDir, temporary).catch(() => async () => {})
    : async () => {};
  try {
    // flush: fsync before close, so a rename that survives a power cut never shows a truncated file.
    const file = createWriteStream(temporary, { flags: 'wx', flush: true });
    try {
      const result = await write(file);
      if (!file.closed) await once(file, 'close');
      if (target.replace) {
        await rename(temporary, target.path);
        return { result, path: target.path };
      }
      return { result, path: await moveToFreeName(temporary, target.path) };
    } catch (error) {
      file.destroy();
      // The descriptor must be closed before the file is removed (Windows refuses otherwise).
      if (!file.closed) await once(file, 'close').catch(() => {});
      await rm(temporary, { force: true });
      throw error;
    }
  } finally {
    await done();
  }
}
