import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/**
 * The app killed (SIGKILL: no clean-up of its own can run) while a large export is written, then
 * started again on the same folders, as a person would after a crash.
 */
const sandbox = await sandboxForThisFile({ rateLimit: 10_000 });

/** The files of `folder` with their sizes. */
function filesIn(folder: string): { name: string; size: number }[] {
  try {
    return readdirSync(folder).map((name) => ({ name, size: statSync(join(folder, name)).size }));
  } catch {
    return [];
  }
}

/** Resolves once `test` holds for the folder's files, looking again at each change in it. */
async function untilFiles(folder: string, test: (files: { name: string; size: number }[]) => boolean) {
  const watcher = watch(folder);
  try {
    while (!test(filesIn(folder))) await once(watcher, 'change');
  } finally {
    watcher.close();
  }
}

/** A started export's temporary file: hidden, beside the target, with data in it. */
const isPartWithData = (file: { name: string; size: number }) =>
  file.name.startsWith('.killed.csv.') && file.name.endsWith('.part') && file.size > 0;

describe('an export cut short by a kill', () => {
  it('leaves no file by the export name, and the next start removes its temporary file', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-killed-'));
    const child = spawn(
      process.execPath,
      [
        join(import.meta.dirname, 'export-killed-child.ts'),
        JSON.stringify(sandbox.urls),
        sandbox.tokens.user,
        userDataDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { downloadsFolder } = JSON.parse(line) as { downloadsFolder: string };

    await untilFiles(downloadsFolder, (files) => files.some(isPartWithData));
    // While the export runs, nothing by its name: no empty file that looks like a finished export.
    expect(filesIn(downloadsFolder).map((file) => file.name)).not.toContain('killed.csv');
    child.kill('SIGKILL');
    expect(await exited).toEqual([null, 'SIGKILL']);

    const left = filesIn(downloadsFolder);
    expect(left).toEqual([expect.objectContaining({ name: expect.stringMatching(/^\.killed\.csv\./) })]);
    expect(left.every(isPartWithData)).toBe(true);

    const app = await servicesOnSandbox(sandbox, { userDataDir });
    try {
      const removed = await app.exportLeftoversRemoved;
      expect(removed).toEqual([join(downloadsFolder, left[0]!.name)]);
      expect(filesIn(downloadsFolder)).toEqual([]);
      expect(filesIn(join(userDataDir, 'exports-underway'))).toEqual([]);
      // The name is free again: the next export of it is not "killed (1).csv".
      const saved = valueOf(
        await app.call('reports:export', {
          config: {
            report_type: 'CONTENT_OWNED',
            channels: ['INSTAGRAM'],
            metrics: ['IMPRESSIONS'],
            brand_ids: [101],
            limit: 10,
          },
          fileName: 'killed',
        }),
      );
      expect(saved).toMatchObject({ fileName: 'killed.csv', rows: 10 });
      expect(filesIn(downloadsFolder).map((file) => file.name)).toEqual(['killed.csv']);
    } finally {
      await app.close();
    }
  });
});
