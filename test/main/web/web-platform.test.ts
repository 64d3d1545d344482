import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebPlatform, type WebSystem } from '../../../src/main/web/web-platform.ts';
import { ContractCallError } from '../../../src/shared/contract/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'socialdesk-web-platform-'));
  dirs.push(dir);
  return dir;
}

const csv = [{ name: 'CSV', extensions: ['csv'] }];

function platform(system: Partial<WebSystem>, downloadsFolder: () => string | null = () => null) {
  const printed: string[] = [];
  const created = createWebPlatform({
    appVersion: '1.0.0',
    userDataDir: '/unused',
    downloadsFolder,
    system: {
      platform: 'linux',
      env: { DISPLAY: ':0' },
      run: () => Promise.reject(Object.assign(new Error('spawn xdg-user-dir ENOENT'), { code: 'ENOENT' })),
      open: () => Promise.reject(new Error('no opener in this test')),
      print: (line) => void printed.push(line),
      ...system,
    },
  });
  return Object.assign(created, { printed });
}

describe('web platform: where a file is saved', () => {
  it('defaults to Socialdesk inside the XDG downloads folder, creating it', async () => {
    const homeDir = home();
    const xdg = join(homeDir, 'Téléchargements');
    const run = vi.fn(async () => `${xdg}\n`);
    const web = platform({ homeDir, run });

    const path = await web.chooseSavePath({ defaultName: 'Spring campaign', filters: csv });
    expect(path).toBe(join(xdg, 'Socialdesk', 'Spring campaign.csv'));
    expect(run).toHaveBeenCalledWith('xdg-user-dir', ['DOWNLOAD']);
    // The folder is made, but no file: the save gives the file its name only once it is complete.
    expect(readdirSync(join(xdg, 'Socialdesk'))).toEqual([]);
  });

  it('uses ~/Downloads where xdg-user-dir is missing or names no download folder', async () => {
    const homeDir = home();
    const missing = platform({ homeDir });
    expect(await missing.chooseSavePath({ defaultName: 'a.csv' })).toBe(
      join(homeDir, 'Downloads', 'Socialdesk', 'a.csv'),
    );
    const unset = platform({ homeDir, run: async () => `${homeDir}\n` });
    expect(await unset.chooseSavePath({ defaultName: 'b.csv' })).toBe(
      join(homeDir, 'Downloads', 'Socialdesk', 'b.csv'),
    );
  });

  it('uses ~/Downloads on macOS without asking xdg-user-dir', async () => {
    const homeDir = home();
    const run = vi.fn(async () => '/elsewhere');
    const mac = platform({ homeDir, run, platform: 'darwin' });
    expect(await mac.chooseSavePath({ defaultName: 'a.csv' })).toBe(
      join(homeDir, 'Downloads', 'Socialdesk', 'a.csv'),
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('saves into the folder chosen in the settings, read at each save, creating it', async () => {
    const homeDir = home();
    let setting: string | null = join(homeDir, 'exports', 'socialdesk');
    const web = platform({ homeDir }, () => setting);
    expect(await web.chooseSavePath({ defaultName: 'report.csv' })).toBe(join(setting, 'report.csv'));

    setting = null;
    expect(await web.chooseSavePath({ defaultName: 'report.csv' })).toBe(
      join(homeDir, 'Downloads', 'Socialdesk', 'report.csv'),
    );
  });

  it('numbers a name that is taken: name (1).csv, name (2).csv, ...', async () => {
    const folder = join(home(), 'out');
    mkdirSync(folder);
    writeFileSync(join(folder, 'report.csv'), 'an earlier export');
    writeFileSync(join(folder, 'report (1).csv'), 'another');
    const web = platform({}, () => folder);

    expect(await web.chooseSavePath({ defaultName: 'report.csv' })).toBe(join(folder, 'report (2).csv'));
    // Nothing is reserved: the name stays free until a save takes it.
    expect(await web.chooseSavePath({ defaultName: 'report.csv' })).toBe(join(folder, 'report (2).csv'));
    expect(readdirSync(folder).sort()).toEqual(['report (1).csv', 'report.csv']);
    // Nothing that was there is touched.
    expect(readFileSync(join(folder, 'report.csv'), 'utf8')).toBe('an earlier export');
  });

  it('keeps a suggested name inside the folder', async () => {
    const folder = join(home(), 'out');
    const web = platform({}, () => folder);
    expect(await web.chooseSavePath({ defaultName: '../../escape', filters: csv })).toBe(
      join(folder, '-..-escape.csv'),
    );
  });
});

describe('web platform: show in folder', () => {
  function savedFile(): string {
    const path = join(home(), 'report.csv');
    writeFileSync(path, 'x');
    return path;
  }

  it('falls back to the path, also printed, when the opener fails', async () => {
    const path = savedFile();
    const open = vi.fn(() => Promise.reject(new Error('xdg-open: no method available')));
    const web = platform({ open });
    expect(await web.revealPath(path)).toEqual({ opened: false, path });
    expect(open).toHaveBeenCalledWith('xdg-open', [join(path, '..')]);
    expect(web.printed).toEqual([`socialdesk: the file is at ${path}`]);
  });

  it('falls back to the path when the opener reports failure', async () => {
    const path = savedFile();
    const web = platform({ open: async () => false });
    expect(await web.revealPath(path)).toEqual({ opened: false, path });
  });

  it('opens the folder with xdg-open on Linux, selects the file on macOS and Windows', async () => {
    const path = savedFile();
    const calls: unknown[] = [];
    const open = async (command: string, args: string[]) => (calls.push([command, args]), true);
    expect(await platform({ open }).revealPath(path)).toEqual({ opened: true, path });
    expect(await platform({ open, platform: 'darwin' }).revealPath(path)).toEqual({ opened: true, path });
    expect(await platform({ open, platform: 'win32' }).revealPath(path)).toEqual({ opened: true, path });
    expect(calls).toEqual([
      ['xdg-open', [join(path, '..')]],
      ['open', ['-R', path]],
      ['explorer.exe', [`/select,${path}`]],
    ]);
  });

  it('does not start xdg-open in a Linux session without a display', async () => {
    const path = savedFile();
    const open = vi.fn(async () => true);
    const web = platform({ open, env: {} });
    expect(await web.revealPath(path)).toEqual({ opened: false, path });
    expect(open).not.toHaveBeenCalled();
  });

  it('answers the path of a file that is not there without opening anything', async () => {
    const path = join(home(), 'gone.csv');
    const open = vi.fn(async () => true);
    expect(await platform({ open }).revealPath(path)).toEqual({ opened: false, path });
    expect(open).not.toHaveBeenCalled();
    expect(existsSync(path)).toBe(false);
  });

  it.each(['report.csv', '', '/tmp/a\0b'])('refuses %j as invalid input', async (path) => {
    const open = vi.fn(async () => true);
    const failure = await platform({ open })
      .revealPath(path)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractCallError);
    expect((failure as ContractCallError).code).toBe('invalid_input');
    expect(open).not.toHaveBeenCalled();
  });
});
