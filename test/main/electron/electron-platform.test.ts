import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronPlatform } from '../../../src/main/electron/electron-platform.ts';
import { ContractCallError } from '../../../src/shared/contract/index.ts';
import { BrowserWindow, dialog, shell } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

// The fake app's getPath answers /tmp/socialdesk-fake-<name>.
const systemDownloads = '/tmp/socialdesk-fake-downloads';
const csv = [{ name: 'CSV', extensions: ['csv'] }];

let downloadsFolder: string | null = null;
let window: BrowserWindow | undefined;
const platform = () =>
  createElectronPlatform({
    // The fake stands in for Electron's BrowserWindow, which it implements only in part.
    window: () => window as unknown as import('electron').BrowserWindow | undefined,
    settings: { get: () => ({ theme: 'system', downloadsFolder, openNextAfterTriage: false }) },
  });

beforeEach(() => {
  downloadsFolder = null;
  window = new BrowserWindow({});
  dialog.saveAnswers.length = 0;
  dialog.showSaveDialog.mockClear();
  shell.showItemInFolder.mockClear();
});

describe('Electron platform: save dialog', () => {
  it('asks with the save dialog on the window, from the system downloads folder', async () => {
    dialog.saveAnswers.push({ canceled: false, filePath: '/home/ana/reports/spring.csv' });
    expect(await platform().chooseSavePath({ defaultName: 'Spring campaign', filters: csv })).toBe(
      '/home/ana/reports/spring.csv',
    );
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(window, {
      defaultPath: join(systemDownloads, 'Spring campaign.csv'),
      filters: csv,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });

  it('opens in the downloads folder of the settings when one is set', async () => {
    downloadsFolder = '/srv/exports';
    await platform().chooseSavePath({ defaultName: 'a/b.csv', filters: csv });
    expect(dialog.showSaveDialog.mock.calls[0]![1]).toMatchObject({ defaultPath: '/srv/exports/a-b.csv' });
  });

  it('answers null when the user cancels', async () => {
    dialog.saveAnswers.push({ canceled: true, filePath: '' });
    expect(await platform().chooseSavePath({ defaultName: 'x.csv' })).toBeNull();
    dialog.saveAnswers.push({ canceled: false, filePath: '' });
    expect(await platform().chooseSavePath({ defaultName: 'x.csv' })).toBeNull();
  });

  it('opens a free-standing dialog when there is no window, or it is gone', async () => {
    window = undefined;
    await platform().chooseSavePath({ defaultName: 'x.csv' });
    const closed = new BrowserWindow({});
    closed.close();
    window = closed;
    await platform().chooseSavePath({ defaultName: 'x.csv' });
    for (const call of dialog.showSaveDialog.mock.calls) {
      expect(call).toEqual([expect.objectContaining({ defaultPath: join(systemDownloads, 'x.csv') })]);
    }
    expect(dialog.showSaveDialog).toHaveBeenCalledTimes(2);
  });

  it('refuses an answer that is not an absolute path', async () => {
    dialog.saveAnswers.push({ canceled: false, filePath: 'relative.csv' });
    await expect(platform().chooseSavePath({ defaultName: 'x.csv' })).rejects.toBeInstanceOf(
      ContractCallError,
    );
  });
});

describe('Electron platform: show in folder', () => {
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'socialdesk-electron-platform-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('shows a saved file in the file manager', async () => {
    const path = join(dir, 'report.csv');
    writeFileSync(path, 'x');
    expect(await platform().revealPath(path)).toEqual({ opened: true, path });
    expect(shell.showItemInFolder).toHaveBeenCalledWith(path);
  });

  it('answers the path of a file that is not there, without opening anything', async () => {
    const path = join(dir, 'gone.csv');
    expect(await platform().revealPath(path)).toEqual({ opened: false, path });
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
  });

  it.each(['report.csv', '/tmp/a\0b.csv'])('refuses %j as invalid input', async (path) => {
    const failure = await platform()
      .revealPath(path)
      .catch((error: unknown) => error);
    expect((failure as ContractCallError).code).toBe('invalid_input');
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
  });
});

describe('Electron platform: about the app', () => {
  it('names the shell, the app version and the user-data folder', () => {
    expect(platform()).toMatchObject({
      shell: 'electron',
      appVersion: '0.0.0-test',
      userDataDir: '/tmp/socialdesk-fake-userData',
    });
  });
});
