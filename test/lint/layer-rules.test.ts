import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer arrows of design.md are lint rules; these prove each one bites on a file that breaks
// it and lets through a file that keeps it. The sources are synthetic: eslint lints them as if
// they lived at the path given, so no file is written.
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });
const layerRuleIds = new Set(['no-restricted-imports', 'no-restricted-syntax', 'layers/allowed-imports']);

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A file that does not parse has no layer errors at all: that must fail, never pass as "allowed".
  expect(result!.fatalErrorCount, result!.messages.map((m) => m.message).join('\n')).toBe(0);
  return result!.messages.filter((m) => layerRuleIds.has(m.ruleId ?? '')).map((m) => m.message);
}

/** A file whose only statement imports `source`, in a .vue file's script when the path says so. */
function importing(filePath: string, source: string): string {
  const script = `import * as imported from '${source}';\nvoid imported;\n`;
  return filePath.endsWith('.vue')
    ? `<script setup lang="ts">\n${script}</script>\n\n<template><div /></template>\n`
    : script;
}

const errorsOf = (filePath: string, source: string) => layerErrors(filePath, importing(filePath, source));

const outside = "outside this layer's allow-list";
const r = 'src/renderer/src';

// [the file, what it imports, the words of the error, or null when the import is allowed]
type Case = [file: string, source: string, error: string | null];

describe('layer allow-lists', () => {
  const layers: Record<string, Case[]> = {
    'src/shared imports only src/shared': [
      ['src/shared/domain/bad.ts', '../../main/services/dispatch.ts', outside],
      ['src/shared/domain/bad.ts', '../../sandbox/start.ts', outside],
      ['src/shared/bad.ts', '../renderer/src/lib/use-load.ts', outside],
      ['src/shared/domain/ok.ts', '../contract/index.ts', null],
      ['src/shared/ok.ts', './domain/index.ts', null],
    ],
    'services import shared, services and the sandbox’s entrance, never the shells': [
      ['src/main/services/bad.ts', '../electron/window.ts', outside],
      ['src/main/services/bad.ts', '../web/server.ts', outside],
      ['src/main/services/bad.ts', '../../renderer/src/main.ts', outside],
      ['src/main/services/bad.ts', '../../preload/index.ts', outside],
      ['src/main/services/accounts/bad.ts', '../../../sandbox/db.ts', outside],
      ['src/main/services/accounts/ok.ts', '../../../sandbox/start.ts', null],
      ['src/main/services/ok.ts', './dispatch.ts', null],
      ['src/main/services/tags/ok.ts', '../../../shared/domain/index.ts', null],
    ],
    'the Electron shell imports shared, services and itself': [
      ['src/main/electron/bad.ts', '../web/server.ts', outside],
      ['src/main/electron/bad.ts', '../../sandbox/start.ts', outside],
      ['src/main/electron/bad.ts', '../../preload/index.ts', outside],
      ['src/main/electron/ok.ts', '../services/dispatch.ts', null],
      ['src/main/electron/ok.ts', './window.ts', null],
    ],
    'the browser shell imports shared, services and itself': [
      ['src/main/web/bad.ts', '../electron/window.ts', outside],
      ['src/main/web/bad.ts', '../../sandbox/start.ts', outside],
      ['src/main/web/bad.ts', '../../renderer/src/main.ts', outside],
      ['src/main/web/ok.ts', '../services/create-services.ts', null],
      ['src/main/web/ok.ts', '../../shared/app-info.ts', null],
    ],
    'the preload imports shared and itself': [
      ['src/preload/bad.ts', '../main/services/dispatch.ts', outside],
      ['src/preload/bad.ts', '../renderer/src/api/transport.ts', outside],
      ['src/preload/ok.ts', '../shared/contract/names.ts', null],
    ],
    'the renderer imports shared and itself': [
      [`${r}/bad.ts`, '../../main/services/dispatch.ts', outside],
      [`${r}/bad.ts`, '../../preload/index.ts', outside],
      [`${r}/bad.ts`, '../../sandbox/start.ts', outside],
      // Anything not on the list, not only the other layers: here the project's own tests.
      [`${r}/bad.ts`, '../../../test/renderer/helpers/fake-accounts.ts', outside],
      [`${r}/ok.ts`, './app/router.ts', null],
      [`${r}/ok.ts`, '../../shared/contract/index.ts', null],
    ],
    'the sandbox imports shared and itself': [
      ['src/sandbox/bad.ts', '../main/services/dispatch.ts', outside],
      ['src/sandbox/http/bad.ts', '../../renderer/src/main.ts', outside],
      ['src/sandbox/ok.ts', '../shared/domain/index.ts', null],
      ['src/sandbox/http/ok.ts', '../db.ts', null],
    ],
  };

  const renderer: Record<string, Case[]> = {
    'lib/ imports only shared and lib': [
      [`${r}/lib/bad.ts`, '../ui/page-header.vue', 'lib/ holds small helpers'],
      [`${r}/lib/bad.ts`, '../api/contract-client.ts', 'lib/ holds small helpers'],
      [`${r}/lib/bad.ts`, '../app/router.ts', 'lib/ holds small helpers'],
      [`${r}/lib/bad.ts`, '../areas/tags/tags-store.ts', 'lib/ holds small helpers'],
      [`${r}/lib/ok.ts`, './use-load.ts', null],
      [`${r}/lib/ok.ts`, '../../../shared/contract/index.ts', null],
    ],
    'ui/ imports only shared, lib and ui': [
      [`${r}/ui/bad.vue`, '../api/contract-client.ts', 'ui/ holds shared pieces'],
      [`${r}/ui/bad.ts`, '../app/brands-store.ts', 'ui/ holds shared pieces'],
      [`${r}/ui/bad.ts`, '../areas/tags/tags-store.ts', 'ui/ holds shared pieces'],
      [`${r}/ui/ok.vue`, '../lib/use-load.ts', null],
      [`${r}/ui/ok.ts`, './state-empty.vue', null],
    ],
    'api/ imports only shared and api': [
      [`${r}/api/bad.ts`, '../lib/use-load.ts', 'api/ is the contract client'],
      [`${r}/api/bad.ts`, '../app/app-store.ts', 'api/ is the contract client'],
      [`${r}/api/bad.ts`, '../ui/page-header.vue', 'api/ is the contract client'],
      [`${r}/api/ok.ts`, './transport.ts', null],
      [`${r}/api/ok.ts`, '../../../shared/contract/index.ts', null],
    ],
    'app/ imports shared, lib, ui, api and app, not the entry nor the areas': [
      [`${r}/app/bad.ts`, '../main.ts', 'app/ is the shell'],
      // The shell draws app-wide pieces only: what an area shows on every screen belongs to app/.
      [`${r}/app/app-shell.vue`, '../areas/drafts/components/connection-indicator.vue', 'app/ is the shell'],
      [`${r}/app/bad-store.ts`, '../areas/drafts/drafts-store.ts', 'app/ is the shell'],
      [`${r}/app/keys/bad.ts`, '../../areas/inbox/use-inbox-keys.ts', 'app/ is the shell'],
      [`${r}/app/ok.ts`, '../api/contract-client.ts', null],
      [`${r}/app/ok.vue`, '../ui/page-header.vue', null],
      [`${r}/app/ok.ts`, '../lib/call-error.ts', null],
    ],
    'the router, alone in app/, imports the areas': [
      [`${r}/app/router.ts`, '../areas/tags/tags-view.vue', null],
      [`${r}/app/router.ts`, '../areas/inbox/detail/inbox-detail.vue', null],
      [`${r}/app/router.ts`, './accounts-store.ts', null],
      [`${r}/app/router.ts`, '../main.ts', 'nothing above the app'],
      // A file of that name elsewhere is no router.
      [`${r}/app/keys/router.ts`, '../../areas/tags/tags-view.vue', 'app/ is the shell'],
    ],
    'an area imports shared, lib, ui, api, app and itself, never another area': [
      [`${r}/areas/tags/bad.ts`, '../settings/use-profile-form.ts', 'An area never imports another area'],
      [`${r}/areas/tags/components/bad.vue`, '../../inbox/components/row.vue', 'another area'],
      [`${r}/areas/settings/bad.ts`, '../../main.ts', 'another area'],
      [`${r}/areas/tags/ok.ts`, './use-tag-form.ts', null],
      [`${r}/areas/tags/components/ok.vue`, '../tags-store.ts', null],
      [`${r}/areas/tags/ok.ts`, '../../app/brands-store.ts', null],
      [`${r}/areas/tags/ok.ts`, '../../ui/use-confirm.ts', null],
      [`${r}/areas/tags/ok.ts`, '../../lib/use-load.ts', null],
      [`${r}/areas/tags/tags-store.ts`, '../../api/contract-client.ts', null],
    ],
    'every .vue file and components/ reach main through stores or composables, never api/': [
      [`${r}/areas/tags/tags-view.vue`, '../../api/contract-client.ts', 'never api/'],
      [`${r}/areas/tags/components/tag-chip.vue`, '../../../api/contract-client.ts', 'never api/'],
      [`${r}/areas/tags/components/use-chip.ts`, '../../../api/transport.ts', 'never api/'],
      [`${r}/app/access-refused-view.vue`, '../api/contract-client.ts', 'never api/'],
      // Decided by where a file lives and what it is, whatever its name says.
      [`${r}/app/app-shell.vue`, '../api/contract-client.ts', 'never api/'],
      [`${r}/app/keys/keys-help.vue`, '../../api/contract-client.ts', 'never api/'],
      [
        `${r}/areas/drafts/composer/components/common-fields.vue`,
        '../../../../api/contract-client.ts',
        'never api/',
      ],
      [`${r}/areas/inbox/detail/inbox-detail.vue`, '../../../api/contract-client.ts', 'never api/'],
      [`${r}/areas/inbox/insights/inbox-insights.vue`, '../../../api/event-stream.ts', 'never api/'],
      [`${r}/areas/tags/tags-view.vue`, './tags-store.ts', null],
      [`${r}/areas/tags/components/tag-chip.vue`, '../../../app/brands-store.ts', null],
      // Stores and composables, the .ts files of an area or of app/, are the ones that call main.
      [`${r}/areas/inbox/detail/use-inbox-detail.ts`, '../../../api/contract-client.ts', null],
      [`${r}/areas/drafts/drafts-store.ts`, '../../api/contract-client.ts', null],
      [`${r}/app/rate-store.ts`, '../api/contract-client.ts', null],
    ],
  };

  const contract: Record<string, Case[]> = {
    'the contract has one entrance, index.ts, from src and from the tests': [
      ['src/main/services/bad.ts', '../../shared/contract/errors.ts', 'one entrance'],
      ['src/main/services/bad.ts', '../../shared/contract/names.ts', 'one entrance'],
      ['src/main/services/bad.ts', '../../shared/contract/errors', 'one entrance'],
      [`${r}/app/bad.ts`, '../../../shared/contract/account-calls.ts', 'one entrance'],
      ['src/shared/domain/bad.ts', '../contract/tags-calls.ts', 'one entrance'],
      ['test/main/bad.test.ts', '../../src/shared/contract/errors.ts', 'one entrance'],
      ['src/main/services/ok.ts', '../../shared/contract/index.ts', null],
      ['test/main/ok.test.ts', '../../src/shared/contract/index.ts', null],
      // Inside the contract its files import each other.
      ['src/shared/contract/ok.ts', './errors.ts', null],
    ],
    'the preload reads names.ts alone: the names, not the schemas': [
      ['src/preload/index.ts', '../shared/contract/index.ts', 'names.ts'],
      ['src/preload/index.ts', '../shared/contract/errors.ts', 'names.ts'],
      ['src/preload/index.ts', '../shared/contract/names.ts', null],
    ],
  };

  for (const [rule, cases] of Object.entries({ ...layers, ...renderer, ...contract })) {
    describe(rule, () => {
      it.each(cases)('%s importing %s', async (file, source, error) => {
        const errors = await errorsOf(file, source);
        if (error === null) expect(errors).toEqual([]);
        else expect(errors).toEqual([expect.stringContaining(error)]);
      });
    });
  }

  it('checks every way to load a module: re-exports, dynamic imports, require and type imports', async () => {
    const services = 'src/main/services/bad.ts';
    const forms = [
      "export * from '../electron/window.ts';\n",
      "export { createWindow } from '../electron/window.ts';\n",
      "export const load = () => import('../electron/window.ts');\n",
      'export const load = () => import(`../electron/window.ts`);\n',
      "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const w = require('../electron/window.ts');\n",
      "import type { BrowserWindow } from '../electron/window.ts';\nexport type W = BrowserWindow;\n",
      "export type W = import('../electron/window.ts').Window;\n",
    ];
    for (const code of forms) {
      expect(await layerErrors(services, code), code).toEqual([expect.stringContaining(outside)]);
    }
  });

  it('names the import and the path it resolves to', async () => {
    expect(await errorsOf(`${r}/areas/tags/bad.ts`, '../settings/use-profile-form.ts')).toEqual([
      expect.stringContaining(
        `'../settings/use-profile-form.ts' (${r}/areas/settings/use-profile-form.ts) is outside`,
      ),
    ]);
  });
});

describe('packages a runtime cannot load', () => {
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

  it('applies to the script of a .vue file', async () => {
    const errors = await layerErrors(
      'src/renderer/src/areas/tags/bad-view.vue',
      "<script setup lang=\"ts\">\nimport fs from 'node:fs';\nconst load = () => import('electron');\nvoid fs;\nvoid load;\n</script>\n\n<template><div /></template>\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toContain('no Node built-ins here');
    expect(errors.join('\n')).toContain('no electron here');
  });

  it('rejects electron in services, the browser shell and the sandbox', async () => {
    for (const file of ['src/main/services/bad.ts', 'src/main/web/bad.ts', 'src/sandbox/bad.ts']) {
      expect(await layerErrors(file, "import { app } from 'electron';\nvoid app;\n"), file).toEqual([
        expect.stringContaining('no electron here'),
      ]);
    }
  });

  it('allows what each runtime has', async () => {
    // Packages whose names start like a built-in or electron are not built-ins.
    expect(
      await layerErrors('src/renderer/src/ok.ts', "export const load = () => import('path-to-regexp');\n"),
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
        'src/preload/ok.ts',
        "import { contextBridge } from 'electron';\nvoid contextBridge;\n",
      ),
    ).toEqual([]);
  });
});
