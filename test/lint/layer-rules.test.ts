import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer arrows of design.md are lint rules; these prove the rules bite and do not over-reach.
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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

  it('allows what the arrows allow', async () => {
    expect(
      await layerErrors(
        'src/renderer/src/ok.ts',
        "import { calls } from '../../shared/contract/index.ts';\nvoid calls;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src/main/services/ok.ts',
        "import { readFile } from 'node:fs/promises';\nvoid readFile;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('src/main/electron/ok.ts', "import { app } from 'electron';\nvoid app;\n"),
    ).toEqual([]);
  });
});
