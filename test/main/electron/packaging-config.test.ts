import { resolve } from 'node:path';
// electron-builder's own loader and schema check (app-builder-lib ships with electron-builder at
// the same version): the test reads the file the way `npm run package` does, so a misspelled or
// misplaced key fails here instead of being ignored at packaging time.
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

async function packagingConfig() {
  const config = await getConfig(root, resolve(root, 'build/electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('the packaging config', () => {
  let config: Configuration;
  // Loading electron-builder takes seconds on a busy machine: once for every test.
  beforeAll(async () => {
    config = await packagingConfig();
  });

  it('flips the Electron fuses that lock the shipped binary down', () => {
    expect(config.electronFuses).toEqual({
      // Nobody may run the app's binary as a plain Node, or pass Node options or a debugger to it.
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      // Only app.asar is loaded, and its hash is checked against the one in the binary.
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      // The renderer comes from the app:// scheme, so file: pages need no privileges.
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar, which those fuses rely on (electron-builder hashes it)', () => {
    expect(config.asar).not.toBe(false);
  });
});
