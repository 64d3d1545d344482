import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { exchange } from './support/exchange.ts';
import { fakeOpener, launcherTarget } from './support/fake-opener.ts';
import { runCli } from './support/run-cli.ts';

let dir: string;
let renderer: string;
const running: ReturnType<typeof runCli>[] = [];
const openers: ReturnType<typeof fakeOpener>[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'socialdesk-cli-'));
  renderer = join(dir, 'renderer');
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Socialdesk</title>');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((cli) => cli.stop()));
  for (const opener of openers.splice(0)) opener.remove();
});

function opener() {
  const made = fakeOpener();
  openers.push(made);
  return made;
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The browser shell with a profile folder of its own, on a machine with or without a display. */
function start(args: string[], env: { PATH?: string; DISPLAY?: string } = {}) {
  const base = { ...process.env };
  delete base.DISPLAY;
  delete base.WAYLAND_DISPLAY;
  const cli = runCli(
    ['--port', '0', '--renderer', renderer, '--user-data', mkdtempSync(join(dir, 'data-')), ...args],
    {
      ...base,
      ...env,
      SOCIALDESK_KEYCHAIN_SERVICE: `Socialdesk-test-cli-${process.pid}`,
    },
  );
  running.push(cli);
  return cli;
}

// Each test starts the real command line, services and all: slow on a busy machine.
describe('browser shell command line', { timeout: 90_000 }, () => {
  it('--open gives the opener only a launcher page that this user alone can read', async () => {
    const fake = opener();
    const cli = start(['--json', '--open'], { PATH: `${fake.bin}:${process.env.PATH}`, DISPLAY: ':99' });
    const ready = await cli.nextJson();
    expect(await cli.nextJson()).toEqual({ browser: 'opened' });

    const { argv, fileMode, folderMode, html } = fake.record();
    // The command line (world-readable in /proc) holds a file path and nothing of a link.
    expect(argv).toHaveLength(1);
    expect(argv[0]).toMatch(/\.html$/);
    expect(argv[0]).not.toMatch(/code|connect|127\.0\.0\.1|[0-9a-f]{32}/);
    expect(fileMode).toBe('600');
    expect(folderMode).toBe('700');

    // The page leads to a link of its own, which works once.
    const target = launcherTarget(html);
    expect(target).toMatch(new RegExp(`^${String(ready.origin)}/connect\\?code=[0-9a-f]{32}$`));
    expect(target).not.toBe(ready.url);
    const connected = await exchange(target);
    expect(connected.cookie).toBeDefined();
    expect((await exchange(target)).setCookie).toBeUndefined();

    // Nothing printed holds the session credential.
    expect(cli.output()).not.toContain(connected.cookie!.split('=')[1]);
  });

  it('says so when there is no display, and prints a link to open by hand', async () => {
    const fake = opener();
    const cli = start(['--open'], { PATH: `${fake.bin}:${process.env.PATH}` });

    expect(await cli.lineMatching(/No browser could be opened/)).toContain('no display');
    const url = (await cli.lineMatching(/connect\?code=/)).trim();
    expect((await exchange(url)).cookie).toBeDefined();
    expect(fake.ran()).toBe(false);
  });

  it('says so when no opener can be run, and gives a link to open by hand', async () => {
    const emptyBin = mkdtempSync(join(dir, 'bin-'));
    const cli = start(['--json', '--open'], { PATH: emptyBin, DISPLAY: ':99' });
    await cli.nextJson();

    const failure = await cli.nextJson();
    expect(failure).toMatchObject({ browser: 'not opened', reason: expect.stringContaining('xdg-open') });
    expect((await exchange(String(failure.url))).cookie).toBeDefined();
  });

  it('prints a fresh link for each line it reads, since a link works once', async () => {
    const cli = start(['--json']);
    const ready = await cli.nextJson();
    expect((await exchange(String(ready.url))).cookie).toBeDefined();

    cli.send('');
    const { url } = await cli.nextJson();
    expect(url).not.toBe(ready.url);
    expect((await exchange(String(url))).cookie).toBeDefined();
  });
});
