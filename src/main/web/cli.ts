import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebShell } from './server.ts';
import { defaultUserDataDir } from './user-data-dir.ts';

// `npm run web`: the browser shell. Prints the URL (with its per-launch secret) and, where a
// display exists and --open is given, opens the default browser on it.
const usage = 'usage: node src/main/web/cli.ts [--port N] [--user-data DIR] [--open] [--json]';
let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'user-data': { type: 'string' },
      open: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, got "${args.port}"\n${usage}`);
  process.exit(2);
}

const projectRoot = resolve(import.meta.dirname, '../../..');
const { version } = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
};
const shell = await startWebShell({
  rendererDir: resolve(projectRoot, 'out/renderer'),
  userDataDir: args['user-data'] ? resolve(args['user-data']) : defaultUserDataDir(),
  port,
  appVersion: version,
  // Tests keep their tokens apart from the user's own Socialdesk entries.
  keychainService: process.env.SOCIALDESK_KEYCHAIN_SERVICE || undefined,
}).catch((error: Error) => {
  console.error(`socialdesk: ${error.message}`);
  process.exit(1);
});

if (args.json) {
  console.log(JSON.stringify({ ready: true, url: shell.url, origin: shell.origin }));
} else {
  console.log(`Socialdesk is running in your browser at:\n\n  ${shell.url}\n\nPress Ctrl+C to stop.`);
}

const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (args.open && hasDisplay) {
  const [command, ...rest] =
    process.platform === 'darwin'
      ? ['open']
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""']
        : ['xdg-open'];
  const child = spawn(command!, [...rest, shell.url], { detached: true, stdio: 'ignore' });
  child.on('error', () => console.log('(Could not open a browser; open the URL above yourself.)'));
  child.unref();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void shell.close().then(() => process.exit(0));
  });
}
