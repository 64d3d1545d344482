import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build, mergeConfig, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The preload needs the contract's call names only. Bundling the contract's index would bring
// every zod schema of every area (185 KB before names.ts, and growing with each area), so the
// preload is built here the way `electron-vite build` builds it, in memory, and measured.
const root = resolve(import.meta.dirname, '../..');
const sizeBound = 10 * 1024;
const zodMarks = ['ZodError', '$ZodType'];

let preloadConfig: InlineConfig;
beforeAll(async () => {
  // electron-vite's own resolution of electron.vite.config.ts: its preload section with the
  // plugins electron-vite adds (electron external, CommonJS output). It sets NODE_ENV as it goes.
  const nodeEnv = process.env.NODE_ENV;
  const { config } = await resolveConfig({ root, logLevel: 'silent' }, 'build', 'production');
  process.env.NODE_ENV = nodeEnv;
  if (!config?.preload) throw new Error('electron.vite.config.ts has no preload section');
  preloadConfig = config.preload as InlineConfig;
});

/** Builds the preload (or another entry, bundled with the preload's settings) without writing it. */
async function bundle(entry?: string): Promise<string> {
  const overrides: InlineConfig = { logLevel: 'silent', build: { write: false } };
  if (entry) overrides.build!.rollupOptions = { input: { index: entry } };
  const results = await build(mergeConfig(preloadConfig, overrides));
  const outputs = (Array.isArray(results) ? results : [results]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const chunks = outputs.filter((output) => output.type === 'chunk');
  expect(chunks.length).toBeGreaterThan(0);
  return chunks.map((chunk) => chunk.code).join('\n');
}

describe('the preload bundle', () => {
  it('holds the call names and the bridge, and no zod, within 10 KB', async () => {
    const code = await bundle();
    // It is the real preload: it exposes the API and names the calls.
    expect(code).toContain('exposeInMainWorld');
    expect(code).toContain('accounts:list');
    expect(code).toMatch(/require\(["']electron["']\)/);
    for (const mark of zodMarks) expect(code).not.toContain(mark);
    expect(Buffer.byteLength(code)).toBeLessThan(sizeBound);
  });

  describe('would catch a preload that imported the contract’s index', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'socialdesk-preload-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds zod in it, over the bound', async () => {
      const entry = join(dir, 'index.ts');
      const contract = resolve(root, 'src/shared/contract/index.ts');
      writeFileSync(
        entry,
        `import { contextBridge } from 'electron';\nimport { calls } from ${JSON.stringify(contract)};\n` +
          "contextBridge.exposeInMainWorld('socialdesk', Object.keys(calls));\n",
      );
      const code = await bundle(entry);
      expect(zodMarks.some((mark) => code.includes(mark))).toBe(true);
      expect(Buffer.byteLength(code)).toBeGreaterThan(sizeBound);
    });
  });
});
