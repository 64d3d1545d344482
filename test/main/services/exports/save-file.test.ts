import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveAtomically } from '../../../../src/main/services/exports/save-file.ts';

let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));
const fresh = () => (folder = mkdtempSync(join(tmpdir(), 'socialdesk-save-')));

const failing = new Error('the service went away');

/** Writes `text` and ends the file, as an export does. */
const writing = (text: string) => (file: NodeJS.WritableStream) =>
  new Promise<void>((resolve) => file.end(text, () => resolve()));

describe('saveAtomically', () => {
  it('fills a temporary file beside the target and gives the file its name only when complete', async () => {
    const target = join(fresh(), 'report.csv');
    const seenWhileWriting: string[] = [];
    const saved = await saveAtomically({ path: target, replace: false }, async (file) => {
      file.write('a,b\r\n');
      await writing('1,2\r\n')(file);
      seenWhileWriting.push(...readdirSync(folder));
      return 'answer';
    });
    // No file by the target's name (not even an empty one) until the export is complete.
    expect(seenWhileWriting).toEqual([
      expect.stringMatching(/^\.report\.csv\.socialdesk-\d+-[0-9a-f]{8}-[0-9a-f]{8}\.part$/),
    ]);
    expect(saved).toEqual({ result: 'answer', path: target });
    expect(readdirSync(folder)).toEqual(['report.csv']);
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
  });

  it('removes the temporary file when writing fails, and leaves no file', async () => {
    const target = join(fresh(), 'report.csv');
    const failure = await saveAtomically({ path: target, replace: false }, async (file) => {
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
      saveAtomically({ path: target, replace: true }, async (file) => {
        file.write('the new one, cut o');
        throw failing;
      }),
    ).rejects.toBe(failing);
    expect(readdirSync(folder)).toEqual(['report.csv']);
    expect(readFileSync(target, 'utf8')).toBe('the old report');
  });

  it('replaces a file the user chose to overwrite once the new one is complete', async () => {
    const target = join(fresh(), 'report.csv');
    writeFileSync(target, 'the old report');
    const saved = await saveAtomically({ path: target, replace: true }, writing('the new one'));
    expect(saved.path).toBe(target);
    expect(readdirSync(folder)).toEqual(['report.csv']);
    expect(readFileSync(target, 'utf8')).toBe('the new one');
  });

  it('takes the next free name when the wished one was taken meanwhile, replacing nothing', async () => {
    const target = join(fresh(), 'report.csv');
    const saved = await saveAtomically({ path: target, replace: false }, async (file) => {
      writeFileSync(target, 'saved meanwhile by someone else');
      writeFileSync(join(folder, 'report (1).csv'), 'and another');
      await writing('ours')(file);
    });
    expect(saved.path).toBe(join(folder, 'report (2).csv'));
    expect(readFileSync(target, 'utf8')).toBe('saved meanwhile by someone else');
    expect(readFileSync(join(folder, 'report (1).csv'), 'utf8')).toBe('and another');
    expect(readFileSync(saved.path, 'utf8')).toBe('ours');
    expect(readdirSync(folder)).toHaveLength(3);
  });

  it('gives saves of one name finishing at once different files', async () => {
    const target = join(fresh(), 'report.csv');
    const saved = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        saveAtomically({ path: target, replace: false }, writing(`export ${n}`)),
      ),
    );
    expect(new Set(saved.map((s) => s.path)).size).toBe(6);
    expect(readdirSync(folder).sort()).toEqual(
      ['report.csv', ...[1, 2, 3, 4, 5].map((n) => `report (${n}).csv`)].sort(),
    );
    const texts = saved.map((s) => readFileSync(s.path, 'utf8')).sort();
    expect(texts).toEqual([0, 1, 2, 3, 4, 5].map((n) => `export ${n}`));
  });
});
