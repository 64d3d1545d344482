import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronBinary } from '../../scripts/electron-binary.mjs';

// ELECTRON_OVERRIDE_DIST_PATH is the electron package's own way to point at a local or
// pre-installed build; npm start and the smoke test must use it as the electron package would.
const executable =
  { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' }[process.platform as string] ??
  'electron';

describe('electronBinary with ELECTRON_OVERRIDE_DIST_PATH', () => {
  const before = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  let dist: string | undefined;
  afterEach(() => {
    if (before === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    else process.env.ELECTRON_OVERRIDE_DIST_PATH = before;
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('finds the binary in the override folder', () => {
    dist = mkdtempSync(join(tmpdir(), 'socialdesk-electron-'));
    const binary = join(dist, executable);
    writeFileSync(binary, '');
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dist;
    expect(electronBinary()).toEqual({ binary, reason: null });
  });

  it('names the override, and downloads nothing, when the folder has no binary', () => {
    dist = mkdtempSync(join(tmpdir(), 'socialdesk-electron-'));
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dist;
    const { binary, reason } = electronBinary({ download: true });
    expect(binary).toBeNull();
    expect(reason).toBe(`ELECTRON_OVERRIDE_DIST_PATH has no Electron binary at ${join(dist, executable)}`);
  });
});
