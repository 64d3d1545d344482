import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, join } from 'node:path';

/** Where a file is saved, as the Platform chose it. */
export interface SaveTarget {
  path: string;
  /**
   * The file at `path` is an empty placeholder the Platform created to reserve the name (the
   * browser shell does): it is removed when nothing is saved, so a failed save leaves no file.
   */
  reserved: boolean;
}

/**
 * Saves a file so that it appears complete or not at all: `write` fills a temporary file beside
 * the target (same folder, so same disk, so the rename is atomic), which is flushed to disk and
 * renamed over the target only once `write` resolved. When `write` fails or is aborted, the
 * temporary file is removed, and so is the target if it was a reserved placeholder; a file the
 * user chose to overwrite is left as it was.
 */
export async function saveAtomically<T>(
  target: SaveTarget,
  write: (file: WriteStream) => Promise<T>,
): Promise<T> {
  const temporary = join(dirname(target.path), `.${basename(target.path)}.${randomUUID().slice(0, 8)}.part`);
  // flush: fsync before close, so a rename that survives a power cut never shows a truncated file.
  const file = createWriteStream(temporary, { flags: 'wx', flush: true });
  try {
    const result = await write(file);
    if (!file.closed) await once(file, 'close');
    await rename(temporary, target.path);
    return result;
  } catch (error) {
    file.destroy();
    // The descriptor must be closed before the file is removed (Windows refuses otherwise).
    if (!file.closed) await once(file, 'close').catch(() => {});
    await rm(temporary, { force: true });
    if (target.reserved) await removeIfEmpty(target.path);
    throw error;
  }
}

/** Removes the placeholder unless something (someone) wrote to it meanwhile. */
async function removeIfEmpty(path: string): Promise<void> {
  const found = await stat(path).catch(() => null);
  if (found?.isFile() && found.size === 0) await rm(path, { force: true });
}
