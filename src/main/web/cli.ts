import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openInBrowser } from './open-browser.ts';
import { startWebShell } from './server.ts';
import { defaultUserDataDir } from './user-data-dir.ts';

// `npm run web`: the browser shell. Prints a one-time link to the app and, with --open, opens the
// default browser on another. Each line read on standard input (Enter, in a terminal) prints a
// fresh link, since a link works once and for a minute only. With --json, every message is one
// JSON line instead: {ready, url, origin}, then {browser} after --open, then {url} per request.
const usage =
  'usage: node src/main/web/cli.ts [--port N] [--user-data DIR] [--renderer DIR] [--open] [--json]';
let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'user-data': { type: 'string' },
      renderer: { type: 'string' },
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
  rendererDir: resolve(args.renderer ?? resolve(projectRoot, 'out/renderer')),
  userDataDir: args['user-data'] ? resolve(args['user-data']) : defaultUserDataDir(),
  port,
  appVersion: version,
  // Tests keep their tokens apart from the user's own Socialdesk entries.
  keychainService: process.env.SOCIALDESK_KEYCHAIN_SERVICE || undefined,
}).catch((error: Error) => {
  console.error(`socialdesk: ${error.message}`);
  process.exit(1);
});

const json = args.json;
const say = (line: object, text: string) => console.log(json ? JSON.stringify(line) : text);
const linkText = (url: string) =>
  `\n  ${url}\n\n(It works once, within a minute. Press Enter here for a new one.)\n`;

const first = shell.issueLink();
say(
  { ready: true, url: first.url, origin: shell.origin },
  `Socialdesk is running. Open this address in your browser:\n${linkText(first.url)}\nPress Ctrl+C to stop.`,
);

if (args.open) {
  // A link of its own: the printed one stays usable by hand.
  const link = shell.issueLink();
  const opening = openInBrowser(link);
  if (!json && opening.launcher) {
    console.log('Opening your browser… (If it shows "file not found", open the address above.)');
  }
  void opening.outcome.then((outcome) => {
    if (outcome.opened) {
      if (json) say({ browser: 'opened' }, '');
      return;
    }
    const url = shell.issueLink().url;
    say(
      { browser: 'not opened', reason: outcome.reason, url },
      `No browser could be opened: ${outcome.reason}. Open this address by hand:\n${linkText(url)}`,
    );
  });
}

createInterface({ input: process.stdin }).on('line', () => {
  const { url } = shell.issueLink();
  say({ url }, `A new address for your browser:\n${linkText(url)}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void shell.close().then(() => process.exit(0));
  });
}
