import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Every file under a folder, as text (binary files read byte for byte, so a token still shows). */
export function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path, 'latin1') };
    });
}

/** What the renderer keeps on its side: both storages, cookies and IndexedDB database names. */
export async function rendererStorage(page: Page) {
  const storage = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      localStorage: Storage;
      sessionStorage: Storage;
      indexedDB: { databases(): Promise<{ name?: string }[]> };
    };
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i)!)]));
    return {
      local: dump(scope.localStorage),
      session: dump(scope.sessionStorage),
      indexedDB: (await scope.indexedDB.databases()).map((db) => db.name ?? ''),
    };
  });
  return { ...storage, cookies: await page.context().cookies() };
}
