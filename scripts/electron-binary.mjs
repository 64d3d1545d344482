// Where the Electron binary is, fetching it first if it is missing. The `electron` package
// downloads its binary lazily (from GitHub), which fails where that host cannot be reached.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronDir = join(import.meta.dirname, '..', 'node_modules', 'electron');
// Long enough for the ~100 MB download on a working connection; short enough that `npm start`
// falls back to the browser shell soon where the network silently drops packets.
const DOWNLOAD_TIMEOUT_MS = 30_000;
const executableName = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

/** The executable's path inside a dist folder, as the electron package itself computes it. */
function executableIn(distDir) {
  let relative = executableName[process.platform] ?? 'electron';
  try {
    relative = readFileSync(join(electronDir, 'path.txt'), 'utf8').trim();
  } catch {
    // no path.txt until the first download: the platform's usual name
  }
  return join(distDir, relative);
}

/**
 * The binary's path, or null with the reason there is none, worded to follow "Electron is not
 * available here". ELECTRON_OVERRIDE_DIST_PATH (the electron package's own override, for a local
 * or pre-installed build) wins when set, and is never replaced by a download.
 */
export function electronBinary({ download = true } = {}) {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = executableIn(override);
    return existsSync(binary)
      ? { binary, reason: null }
      : { binary: null, reason: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary at ${binary}` };
  }
  const installed = () => {
    const binary = executableIn(join(electronDir, 'dist'));
    return existsSync(binary) ? binary : null;
  };
  const present = installed();
  if (present || !download)
    return { binary: present, reason: present ? null : 'its binary is not downloaded' };
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
    timeout: DOWNLOAD_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  const binary = installed();
  if (binary) return { binary, reason: null };
  if (install.error?.code === 'ETIMEDOUT') {
    return { binary: null, reason: `its download did not finish within ${DOWNLOAD_TIMEOUT_MS / 1000} s` };
  }
  const output = `${install.stderr ?? ''}${install.stdout ?? ''}`.trim().split('\n');
  const cause =
    output.find((line) => /Error|fetch failed|ENOTFOUND|ECONNREFUSED/.test(line)) ??
    output.at(-1) ??
    'unknown';
  return { binary: null, reason: `its download failed: ${cause.trim()}` };
}
