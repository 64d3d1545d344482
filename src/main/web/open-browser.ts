import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShellLink } from './server.ts';

export type BrowserOutcome = { opened: true } | { opened: false; reason: string };

export interface BrowserOpening {
  /** The launcher page handed to the opener, if one was written. */
  launcher?: string;
  outcome: Promise<BrowserOutcome>;
  /** Settles once the launcher page is deleted: its code was spent or expired. */
  removed: Promise<void>;
}

function openerCommand(platform: NodeJS.Platform): string[] {
  if (platform === 'darwin') return ['open'];
  if (platform === 'win32') return ['cmd', '/c', 'start', '""'];
  return ['xdg-open'];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Writes a page that sends the browser on to `url`, readable by this user only (a 0600 file in a
 * fresh 0700 folder), and returns its folder and path.
 */
function writeLauncher(url: string): { folder: string; path: string } {
  const folder = mkdtempSync(join(tmpdir(), 'socialdesk-open-'));
  const path = join(folder, 'open-socialdesk.html');
  const href = escapeHtml(url);
  writeFileSync(
    path,
    `<!doctype html>\n<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">\n` +
      `<meta http-equiv="refresh" content="0;url=${href}">\n<title>Opening Socialdesk</title>\n` +
      `<p><a href="${href}">Open Socialdesk</a></p>\n`,
    { mode: 0o600, flag: 'wx' },
  );
  return { folder, path };
}

/**
 * Opens a one-time link in the default browser without putting its code on a command line.
 *
 * Every process's arguments are world-readable (`/proc/PID/cmdline`), and an opener such as
 * xdg-open lives as long as it likes: a link on its command line, even one spent on first load,
 * can be read and spent by someone else between the spawn and the browser's load. So the opener
 * gets only the path of a launcher page that only this user can read, which sends the browser on
 * to the link (the approach of Jupyter's redirect file). The page is deleted once its code is spent
 * or expired; its code also dies with this process. A browser that cannot read temporary files
 * (a snap's private /tmp) shows "file not found": the caller prints a link to open by hand.
 */
export function openInBrowser(
  link: ShellLink,
  options: { env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform; now?: () => number } = {},
): BrowserOpening {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const now = options.now ?? Date.now;
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      outcome: Promise.resolve({
        opened: false,
        reason: 'there is no display here (neither DISPLAY nor WAYLAND_DISPLAY is set)',
      }),
      removed: Promise.resolve(),
    };
  }

  let folder: string, path: string;
  try {
    ({ folder, path } = writeLauncher(link.url));
  } catch (error) {
    const reason = `the page that opens the app could not be written (${(error as Error).message})`;
    return { outcome: Promise.resolve({ opened: false, reason }), removed: Promise.resolve() };
  }
  let redeemed = false;
  const removed = new Promise<void>((done) => {
    const remove = () => {
      clearTimeout(expiry);
      process.off('exit', remove);
      rmSync(folder, { recursive: true, force: true });
      done();
    };
    const expiry = setTimeout(remove, Math.max(0, link.expiresAt - now()));
    expiry.unref();
    process.once('exit', remove);
    void link.redeemed.then(() => {
      redeemed = true;
      remove();
    });
  });

  const [command, ...args] = openerCommand(platform);
  const outcome = new Promise<BrowserOutcome>((settle) => {
    const child = spawn(command!, [...args, path], { env, detached: true, stdio: 'ignore' });
    child.once('error', (error) =>
      settle({ opened: false, reason: `${command} could not run (${error.message})` }),
    );
    child.once('exit', (code, signal) => {
      // An opener may stay until the browser closes; a link it opened has been spent by then.
      if (code === 0 || redeemed) settle({ opened: true });
      else settle({ opened: false, reason: `${command} ended with ${signal ?? `exit code ${code}`}` });
    });
    child.unref();
  });
  return { launcher: path, outcome, removed };
}
