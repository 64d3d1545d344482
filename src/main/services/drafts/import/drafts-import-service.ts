import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  ContractCallError,
  IMPORT_FILE_MAX_CHARS,
  type ImportCheck,
  type ImportRefusedRow,
} from '../../../../shared/contract/index.ts';
import { noActiveProfile } from '../../accounts/profile-clients.ts';
import type { Platform } from '../../platform.ts';
import type { DraftsService } from '../drafts-service.ts';
import { prepared } from '../draft-store.ts';
import { fileRefusal, readCsvRows } from './csv-rows.ts';
import { checkRow, type ImportedDraft } from './row-checks.ts';
import { isTimeZone } from './time-cell.ts';

export interface DraftsImportDeps {
  drafts: Pick<DraftsService, 'active' | 'createQueued'>;
  /** The brands the active profile reaches (undefined without a profile). */
  activeBrandIds: () => readonly number[] | undefined;
  platform: Pick<Platform, 'chooseFileToOpen'>;
  /** Local time, UNIX ms (tests name one). */
  now?: () => number;
}

/** A file as checked, kept until it is imported or others push it out (a few at most). */
interface CheckedFile {
  fileName: string;
  text: string;
  timeZone: string;
}

const KEPT_FILES = 3;
const FIRST_ACCEPTED_SHOWN = 5;

/**
 * Bulk scheduling from a CSV file: a file is read and every row checked (row-checks.ts) without
 * writing anything; the person sees what would happen and confirms; the accepted rows then become
 * drafts queued in the drafts outbox, in one transaction with a note of the file's fingerprint
 * (the profile database's meta table), so the same file imported again is recognised and asked
 * about first. The outbox sends each draft once, as it sends every draft.
 */
export function createDraftsImport(deps: DraftsImportDeps) {
  const now = deps.now ?? Date.now;
  const checked = new Map<string, CheckedFile>();

  function profileDb(): DatabaseSync {
    const profile = deps.drafts.active();
    if (!profile) throw noActiveProfile();
    return profile.db;
  }

  function rowsOf(file: CheckedFile) {
    const brandIds = deps.activeBrandIds();
    if (!brandIds) throw noActiveProfile();
    const context = { brandIds, now: now(), timeZone: file.timeZone };
    const accepted: ImportedDraft[] = [];
    const refused: ImportRefusedRow[] = [];
    const rows = readCsvRows(file.text);
    for (const row of rows) {
      const verdict = checkRow(row, context);
      if (verdict.ok) accepted.push(verdict.draft);
      else refused.push({ line: row.line, problems: verdict.problems, cells: cellsOf(row.cells) });
    }
    return { rows: rows.length, accepted, refused };
  }

  function check(file: CheckedFile): ImportCheck {
    if (!isTimeZone(file.timeZone)) {
      throw new ContractCallError({
        code: 'invalid_input',
        message: 'This computer’s time zone is not one the app knows: times cannot be read.',
        fieldErrors: { timeZone: ['Not a known time zone.'] },
      });
    }
    const fingerprint = fingerprintOf(file.text);
    const { rows, accepted, refused } = rowsOf(file);
    checked.delete(fingerprint);
    checked.set(fingerprint, file);
    while (checked.size > KEPT_FILES) checked.delete(checked.keys().next().value!);
    return {
      fingerprint,
      fileName: file.fileName,
      rows,
      accepted: accepted.length,
      firstAccepted: accepted
        .slice(0, FIRST_ACCEPTED_SHOWN)
        .map(({ line, channel, brandId, at, text }) => ({ line, channel, brandId, at, text })),
      refused,
      timeZone: file.timeZone,
      earlier: earlierImport(profileDb(), fingerprint),
    };
  }

  return {
    /** Electron: the open dialog of main, then the file checked; null when closed. */
    async chooseFile(timeZone: string): Promise<{ check: ImportCheck | null }> {
      if (!deps.platform.chooseFileToOpen) {
        throw new ContractCallError({
          code: 'not_found',
          message: 'Choose the file in the page: this window has no file dialog of its own.',
          fieldErrors: {},
        });
      }
      const path = await deps.platform.chooseFileToOpen({
        filters: [{ name: 'CSV', extensions: ['csv', 'txt'] }],
      });
      if (path === null) return { check: null };
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch {
        throw fileRefusal('This file could not be read: check that it is still there and you may open it.');
      }
      if (text.length > IMPORT_FILE_MAX_CHARS) {
        throw fileRefusal('This file is too large to import: split it in parts.');
      }
      return { check: check({ fileName: basename(path), text, timeZone }) };
    },

    /** A file's text picked in the page (the browser shell), checked; nothing is written. */
    check(input: { fileName: string; text: string; timeZone: string }): ImportCheck {
      return check(input);
    },

    /**
     * The checked file's accepted rows as drafts queued for the service, all in one transaction,
     * when they are still the `accepted` the person confirmed (a time may have passed since).
     */
    import(input: { fingerprint: string; accepted: number; again: boolean }): { created: number } {
      const file = checked.get(input.fingerprint);
      if (!file) throw fileRefusal('Choose the file again: the app no longer has the one you checked.');
      const db = profileDb();
      const earlier = earlierImport(db, input.fingerprint);
      if (earlier && !input.again) {
        throw new ContractCallError({
          code: 'conflict',
          message: 'This file was imported before: confirm to import it again.',
          fieldErrors: {},
        });
      }
      const { accepted } = rowsOf(file);
      if (accepted.length !== input.accepted) {
        throw new ContractCallError({
          code: 'conflict',
          message: `Since the check, ${Math.abs(input.accepted - accepted.length)} row(s) changed (a time may have passed): check the file again.`,
          fieldErrors: {},
        });
      }
      const ids = deps.drafts.createQueued(accepted, (within) =>
        noteImport(within, input.fingerprint, {
          importedAt: new Date(now()).toISOString(),
          created: accepted.length,
        }),
      );
      checked.delete(input.fingerprint);
      return { created: ids.length };
    },
  };
}

export type DraftsImport = ReturnType<typeof createDraftsImport>;

/** The same bytes, the same file: a digest of its text. */
function fingerprintOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const metaKey = (fingerprint: string) => `drafts-import:${fingerprint}`;

function earlierImport(db: DatabaseSync, fingerprint: string): ImportCheck['earlier'] {
  const row = prepared(db, 'SELECT value FROM meta WHERE key = ?').get(metaKey(fingerprint)) as
    { value: string } | undefined;
  if (!row) return null;
  const note = JSON.parse(row.value) as { importedAt: string; created: number };
  return { importedAt: note.importedAt, created: note.created };
}

function noteImport(db: DatabaseSync, fingerprint: string, note: { importedAt: string; created: number }) {
  prepared(db, 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
    metaKey(fingerprint),
    JSON.stringify(note),
  );
}

function cellsOf(cells: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(cells).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
