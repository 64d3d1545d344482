// `npm start`: the Electron app; where no Electron binary can be had, the browser shell.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronBinary } from './electron-binary.mjs';

const root = join(import.meta.dirname, '..');
const { binary, reason } = electronBinary();

if (!binary) {
  console.log(
    `Electron is not available here (${reason}); starting Socialdesk in the browser shell instead.`,
  );
  const web = spawnSync(
    process.execPath,
    [join(import.meta.dirname, 'web.mjs'), '--open', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(web.status ?? 1);
}

const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const app = spawn(binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
app.on('exit', (code) => process.exit(code ?? 0));
