import { link, lstat, rename, unlink } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

/**
 * The names a file wished at `path` may take, in order: "name.csv", "name (1).csv",
 * "name (2).csv", ... A name numbered already ("name (2).csv") goes on from its number.
 */
export function* freeNameCandidates(path: string): Generator<string> {
  const folder = dirname(path);
  const name = basename(path);
  const extension = extname(name);
  const numbered = /^(.*) \((\d+)\)$/.exec(name.slice(0, name.length - extension.length));
  const stem = numbered ? numbered[1]! : name.slice(0, name.length - extension.length);
  const first = numbered ? Number(numbered[2]) : 0;
  yield path;
  for (let n = first + 1; n < first + 10_000; n++) yield join(folder, `${stem} (${n})${extension}`);
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/** The first of `path`'s candidate names that nothing has taken (nothing is created). */
export async function firstFreePath(path: string): Promise<string> {
  for (const candidate of freeNameCandidates(path)) if (!(await exists(candidate))) return candidate;
  throw new Error(`No free name for ${basename(path)} in ${dirname(path)}.`);
}

/** Codes of a file system that has no hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Moves the complete file `from` to the first free candidate name of `path` and answers where it
 * went; an existing file is never replaced. A hard link puts the file at the new name only if
 * that name is free (atomically, so two saves finishing at once never take the same one), then
 * the old name goes. Where the disk has no hard links, a name checked free is renamed to.
 */
export async function moveToFreeName(from: string, path: string): Promise<string> {
  let linking = true;
  for (const candidate of freeNameCandidates(path)) {
    if (linking) {
      try {
        await link(from, candidate);
        await unlink(from);
        return candidate;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'EEXIST') continue;
        if (!NO_HARD_LINKS.has(code)) throw error;
        linking = false;
      }
    }
    if (await exists(candidate)) continue;
    await rename(from, candidate);
    return candidate;
  }
  throw new Error(`No free name for ${basename(path)} in ${dirname(path)}.`);
}
