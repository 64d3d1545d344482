import { extname, isAbsolute, normalize } from 'node:path';
import { ContractCallError } from '../../shared/contract/index.ts';
import type { FileFilter } from './platform.ts';

/**
 * A path that came from outside main (the renderer, a dialog) checked before any file call:
 * absolute, no NUL (which the OS would cut the path at). Answers it normalized.
 */
export function checkedAbsolutePath(path: unknown): string {
  if (typeof path !== 'string' || path.length === 0 || path.includes('\0') || !isAbsolute(path)) {
    throw new ContractCallError({
      code: 'invalid_input',
      message: 'Not a usable file path.',
      fieldErrors: { path: ['Give the full path of the file, from the root.'] },
    });
  }
  return normalize(path);
}

// Characters no file name may hold on one of the three systems, and control characters.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
// Names Windows keeps for devices, with or without an extension.
const reservedOnWindows = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/**
 * A file name made from a suggested one (a report title, ...): one name, never a path, valid on
 * every system, with the first filter's extension when it has none of the filters' extensions.
 */
export function saveFileName(defaultName: string, filters: readonly FileFilter[] = []): string {
  let name = defaultName
    .replace(unsafeCharacters, '-')
    // Leading dots would hide the file; trailing dots and spaces Windows drops silently.
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 200);
  if (!name) name = 'export';
  if (reservedOnWindows.test(name)) name = `_${name}`;
  const extensions = filters.flatMap((filter) => filter.extensions).filter((ext) => ext !== '*');
  const extension = extname(name).slice(1).toLowerCase();
  if (extensions.length > 0 && !extensions.some((ext) => ext.toLowerCase() === extension)) {
    name = `${name}.${extensions[0]}`;
  }
  return name;
}
