// `npm run web`: builds the renderer and runs the browser shell (extra arguments go to it).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: root,
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const shell = spawnSync(process.execPath, [join(root, 'src/main/web/cli.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(shell.status ?? 0);
