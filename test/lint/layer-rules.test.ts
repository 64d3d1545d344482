import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer arrows of design.md are lint rules; these prove the rules bite and do not over-reach.
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });
const layerRuleIds = new Set(['no-restricted-imports', 'no-restricted-syntax']);

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A file that does not parse has no layer errors at all: that must fail, never pass as "allowed".
  expect(result!.fatalErrorCount, result!.messages.map((m) => m.message).join('\n')).toBe(0);
  return result!.messages.filter((m) => layerRuleIds.has(m.ruleId ?? '')).map((m) => m.message);
}

describe('layer rules', () => {
  it('rejects a renderer file that imports electron', async () => {
    const errors = await layerErrors(
      'src/renderer/src/bad.ts',
      "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('no electron here');
  });

  it('rejects Node built-ins in the renderer and in shared, with or without the node: prefix', async () => {
    expect(await layerErrors('src/renderer/src/bad.ts', "import fs from 'fs';\nvoid fs;\n")).toHaveLength(1);
    expect(
      await layerErrors('src/shared/bad.ts', "import { join } from 'node:path';\nvoid join;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors('src/shared/bad.ts', "import { readFile } from 'fs/promises';\nvoid readFile;\n"),
    ).toHaveLength(1);
  });

  it('rejects dynamic imports and require calls of electron and Node built-ins', async () => {
    const renderer = 'src/renderer/src/bad.ts';
    expect(await layerErrors(renderer, "export const load = () => import('electron');\n")).toEqual([
      expect.stringContaining('no electron here'),
    ]);
    expect(await layerErrors(renderer, "export const load = () => import('node:fs');\n")).toEqual([
      expect.stringContaining('no Node built-ins here'),
    ]);
    expect(await layerErrors(renderer, "export const load = () => import('child_process');\n")).toEqual([
      expect.stringContaining('no Node built-ins here'),
    ]);
    expect(
      await layerErrors(
        'src/shared/bad.ts',
        "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const os = require('os');\n",
      ),
    ).toEqual([expect.stringContaining('no Node built-ins here')]);
    expect(
      await layerErrors('src/main/services/bad.ts', "export const load = () => import('electron');\n"),
    ).toEqual([expect.stringContaining('no electron here')]);
  });

  it('rejects a dynamic import that reaches into another layer’s folder', async () => {
    expect(
      await layerErrors(
        'src/renderer/src/bad.ts',
        "export const load = () => import('../../main/services/dispatch.ts');\n",
      ),
    ).toEqual([expect.stringContaining('may not import from main')]);
  });

  it('applies to the script of a .vue file', async () => {
    const errors = await layerErrors(
      'src/renderer/src/views/bad-view.vue',
      "<script setup lang=\"ts\">\nimport fs from 'node:fs';\nconst load = () => import('electron');\nvoid fs;\nvoid load;\n</script>\n\n<template><div /></template>\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toContain('no Node built-ins here');
    expect(errors.join('\n')).toContain('no electron here');
  });

  it('rejects the renderer reaching into main', async () => {
    const errors = await layerErrors(
      'src/renderer/src/bad.ts',
      "import { dispatch } from '../../main/services/dispatch.ts';\nvoid dispatch;\n",
    );
    expect(errors[0]).toContain('may not import from main');
  });

  it('rejects electron in services and the sandbox, and the sandbox importing main', async () => {
    expect(
      await layerErrors('src/main/services/bad.ts', "import { app } from 'electron';\nvoid app;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors('src/sandbox/bad.ts', "import { app } from 'electron';\nvoid app;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/sandbox/bad.ts',
        "import { dispatch } from '../main/services/dispatch.ts';\nvoid dispatch;\n",
      ),
    ).toHaveLength(1);
  });

  it('rejects the Electron shell reaching around services into the browser shell or the renderer', async () => {
    expect(
      await layerErrors(
        'src/main/electron/bad.ts',
        "import { serve } from '../web/server.ts';\nvoid serve;\n",
      ),
    ).toEqual([expect.stringContaining('may not import from web')]);
    expect(
      await layerErrors(
        'src/main/electron/bad.ts',
        "export const load = () => import('../../renderer/src/main.ts');\n",
      ),
    ).toEqual([expect.stringContaining('may not import from web, renderer')]);
  });

  it('allows what the arrows allow', async () => {
    expect(
      await layerErrors(
        'src/renderer/src/ok.ts',
        "import { calls } from '../../shared/contract/index.ts';\nvoid calls;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/renderer/src/ok.ts',
        "export const load = () => import('./views/settings-view.vue');\n",
      ),
    ).toEqual([]);
    // Packages whose names start like a built-in or electron are not built-ins.
    expect(
      await layerErrors('src/renderer/src/ok.ts', "export const load = () => import('path-to-regexp');\n"),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/renderer/src/views/ok-view.vue',
        '<script setup lang="ts">\nimport { ref } from \'vue\';\nconst count = ref(0);\n</script>\n\n<template><div>{{ count }}</div></template>\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/main/services/ok.ts',
        "import { readFile } from 'node:fs/promises';\nvoid readFile;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('src/main/services/ok.ts', "export const load = () => import('node:sqlite');\n"),
    ).toEqual([]);
    expect(
      await layerErrors('src/main/electron/ok.ts', "import { app } from 'electron';\nvoid app;\n"),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/main/electron/ok.ts',
        "import { dispatch } from '../services/dispatch.ts';\nvoid dispatch;\n",
      ),
    ).toEqual([]);
  });
});
