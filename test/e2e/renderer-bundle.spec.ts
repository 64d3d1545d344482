import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

// Runs after the build: the renderer bundle must not reach for Node or Electron. A backstop only:
// a production build replaces a Node built-in with an empty stub that leaves no trace here, so
// the guard plugin in electron.vite.config.ts fails the build on such imports in the first place.
const assets = resolve(import.meta.dirname, '../../out/renderer');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith('.js')
        ? [join(dir, entry.name)]
        : [],
  );
}

test('the built renderer bundle contains no Node or Electron import', () => {
  const scripts = files(assets);
  expect(scripts.length).toBeGreaterThan(0);
  const forbidden =
    /\brequire\(\s*["'](electron|node:[\w/]+|fs|path|child_process|os|crypto)["']\s*\)|\bfrom\s*["'](electron|node:[\w/]+)["']|\bimport\(\s*["'](electron|node:[\w/]+)["']\s*\)|\bipcRenderer\b/;
  for (const file of scripts) {
    expect(readFileSync(file, 'utf8'), file).not.toMatch(forbidden);
  }
});
