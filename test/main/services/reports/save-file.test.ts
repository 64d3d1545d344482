import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveAtomically } from '../../../../src/main/services/reports/save-file.ts';

let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));
const fresh = () => (folder = mkdtempSync(join(tmpdir(), 'socialdesk-save-')));

const failing = new Error('the service went away');

describe('saveAtomically', () => {
  it('fills a temporary file beside the target and renames it over the target when complete', async () => {
    const target = join(fresh(), 'report.csv');
    writeFileSync(target, ''); // a reserved placeholder
    const seenWhileWriting: string[] = [];
    await saveAtomically({ path: target, reserved: true }, async (file) => {
      file.write('a,b\r\n');
      await new Promise<void>((resolve) => file.end('1,2\r\n', resolve));
      seenWhileWriting.push(...readdirSync(folder));
    });
    expect(seenWhileWriting.sort()).toEqual([
      expect.stringMatching(/^\.report\.csv\.[0-9a-f]{8}\.part$/),
      'report.csv',
    ]);
    expect(readdirSync(folder)).toEqual(['report.csv']);
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
  });

  it('removes the temporary file and the reserved placeholder when writing fails', async () => {
    const target = join(fresh(), 'report.csv');
    writeFileSync(target, '');
    const failure = await saveAtomically({ path: target, reserved: true }, async (file) => {
      file.write('half a fi');
      throw failing;
    }).catch((error: unknown) => error);
    expect(failure).toBe(failing);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('leaves a file the user chose to overwrite as it was when writing fails', async () => {
    const target = join(fresh(), 'report.csv');
    writeFileSync(target, 'the old report');
    await expect(
      saveAtomically({ path: target, reserved: false }, async (file) => {
        file.write('the new one, cut o');
        throw failing;
      }),
    ).rejects.toBe(failing);
    expect(readdirSync(folder)).toEqual(['report.csv']);
    expect(readFileSync(target, 'utf8')).toBe('the old report');
  });

  it('keeps a reserved placeholder that something wrote to meanwhile', async () => {
    const target = join(fresh(), 'report.csv');
    writeFileSync(target, '');
    await expect(
      saveAtomically({ path: target, reserved: true }, async () => {
        writeFileSync(target, 'someone else');
        throw failing;
      }),
    ).rejects.toBe(failing);
    expect(readFileSync(target, 'utf8')).toBe('someone else');
  });
});
