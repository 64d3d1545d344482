// Where the Electron binary is, fetching it first if it is missing. The `electron` package
// downloads its binary lazily (from GitHub), which fails where that host cannot be reached.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronDir = join(import.meta.dirname, '..', 'node_modules', 'electron');

function installedBinary() {
  try {
    const relative = readFileSync(join(electronDir, 'path.txt'), 'utf8').trim();
    const binary = join(electronDir, 'dist', relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** The binary's path, or null with the reason the download failed. */
export function electronBinary({ download = true } = {}) {
  const present = installedBinary();
  if (present || !download) return { binary: present, reason: present ? null : 'not downloaded' };
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  const binary = installedBinary();
  if (binary) return { binary, reason: null };
  const output = `${install.stderr ?? ''}${install.stdout ?? ''}`.trim().split('\n');
  const reason =
    output.find((line) => /Error|fetch failed|ENOTFOUND|ECONNREFUSED/.test(line)) ??
    output.at(-1) ??
    'unknown';
  return { binary: null, reason: reason.trim() };
}
