import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { rendererForbidsNodeAndElectron } from '../../electron.vite.config.ts';

// Vite quietly replaces a Node built-in with an empty stub in a browser build, so a renderer
// `import fs from 'node:fs'` would build and fail only in the user's hands. The guard plugin in
// electron.vite.config.ts turns that into a build error.
type ResolveId = (source: string, importer: string | undefined) => unknown;
const resolveId = rendererForbidsNodeAndElectron().resolveId as ResolveId;
const importer = '/work/src/renderer/src/views/inbox-view.vue';

describe('the renderer build guard', () => {
  it('refuses electron and Node built-ins, prefixed or bare, naming the importer', () => {
    for (const source of [
      'electron',
      'electron/renderer',
      'node:fs',
      'node:sqlite',
      'fs',
      'fs/promises',
      'child_process',
    ]) {
      expect(() => resolveId(source, importer), source).toThrow(
        `may not import "${source}" (imported by ${importer})`,
      );
    }
  });

  it('leaves every other import to Vite', () => {
    for (const source of [
      'vue',
      'naive-ui',
      './store.ts',
      '../../shared/contract/index.ts',
      'path-to-regexp',
      'electron-store-like',
      '@vue/shared',
    ]) {
      expect(resolveId(source, importer), source).toBeNull();
    }
  });

  describe('in a real Vite build', () => {
    let dir: string | undefined;
    afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

    async function buildPage(script: string): Promise<void> {
      dir = mkdtempSync(join(tmpdir(), 'socialdesk-guard-'));
      writeFileSync(join(dir, 'index.html'), '<script type="module" src="./main.js"></script>\n');
      writeFileSync(join(dir, 'main.js'), script);
      await build({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        plugins: [rendererForbidsNodeAndElectron()],
        build: { write: false },
      });
    }

    it('fails on a page that imports node:fs', async () => {
      await expect(buildPage("import fs from 'node:fs';\nconsole.log(fs);\n")).rejects.toThrow(
        'may not import "node:fs"',
      );
    });

    it('builds a page without such imports', async () => {
      await expect(buildPage("console.log('hello');\n")).resolves.toBeUndefined();
    });
  });
});
