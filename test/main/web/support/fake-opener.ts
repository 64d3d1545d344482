import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the fake opener saw: its arguments, and the file it was given as the browser would read it. */
export interface OpenerRecord {
  argv: string[];
  /** Permission bits (octal text) of the file and of its folder. */
  fileMode: string;
  folderMode: string;
  html: string;
}

/**
 * A folder holding an executable `xdg-open` that records what a browser opener receives and exits
 * with `exitCode`. Put `bin` first on the PATH of the process under test.
 */
export function fakeOpener(exitCode = 0) {
  const bin = mkdtempSync(join(tmpdir(), 'socialdesk-opener-'));
  const record = join(bin, 'record');
  writeFileSync(
    join(bin, 'xdg-open'),
    [
      '#!/bin/sh',
      `printf '%s\\n' "$@" > '${record}.argv'`,
      `stat -c '%a' "$1" > '${record}.file-mode'`,
      `stat -c '%a' "$(dirname "$1")" > '${record}.folder-mode'`,
      `cat "$1" > '${record}.html'`,
      `exit ${exitCode}`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'xdg-open'), 0o755);
  const read = (suffix: string) => readFileSync(`${record}.${suffix}`, 'utf8').trim();
  return {
    bin,
    ran: () => existsSync(`${record}.html`),
    record: (): OpenerRecord => ({
      argv: read('argv').split('\n'),
      fileMode: read('file-mode'),
      folderMode: read('folder-mode'),
      html: read('html'),
    }),
    remove: () => rmSync(bin, { recursive: true, force: true }),
  };
}

/** The link a launcher page sends the browser on to. */
export function launcherTarget(html: string): string {
  const match = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(html);
  if (!match) throw new Error(`no redirect in the launcher page:\n${html}`);
  return match[1]!;
}
