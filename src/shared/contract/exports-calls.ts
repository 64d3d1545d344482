import { z } from 'zod';
import { reportTypeSchema } from '../domain/index.ts';
import { revealResultSchema } from './app-calls.ts';

/**
 * Calls and events every CSV export shares, whichever area started it (a report from Reports,
 * the filtered list from the Inbox): its progress, the one cancel, and the active profile's recent
 * exports with "show in folder". The area's own call (`reports:export`, `inbox:export`) starts an
 * export under an `id` the renderer chooses; everything after that goes by the id.
 */

/** The id a renderer gives an export, to follow its progress and cancel it. */
export const exportIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Letters, digits, - and _ only.');

/** The `reportType` of a recent export made from the inbox's filtered list (issue 14), not a report. */
export const INBOX_EXPORT_TYPE = 'INBOX' as const;

/** A finished export, as recent exports list it. Times are ISO 8601 (UTC). */
export const recentExportSchema = z.object({
  id: z.string(),
  /** Where the file is: absolute. */
  path: z.string(),
  fileName: z.string(),
  /** The report's type, or INBOX_EXPORT_TYPE for the inbox's list. */
  reportType: z.union([reportTypeSchema, z.literal(INBOX_EXPORT_TYPE)]),
  bytes: z.number().int().min(0),
  /** Data rows (the header line not counted). */
  rows: z.number().int().min(0),
  finishedAt: z.string(),
});
export type RecentExport = z.output<typeof recentExportSchema>;

export const exportStates = ['running', 'done', 'failed', 'cancelled'] as const;

export const exportsEvents = {
  /**
   * An export's progress, at most about ten a second while it runs, and once more when it ends
   * (done, failed or cancelled). `bytes` and `rows` are what reached the disk so far.
   */
  'exports:progress': z.object({
    id: z.string(),
    state: z.enum(exportStates),
    bytes: z.number().int().min(0),
    rows: z.number().int().min(0),
    fileName: z.string(),
  }),
} as const;
export type ExportProgress = z.output<(typeof exportsEvents)['exports:progress']>;

export const exportsCalls = {
  /**
   * Stops an export in flight, a report's or the inbox's; its call then answers `cancelled` and
   * leaves no file. False when none runs by that id.
   */
  'exports:cancel': {
    input: z.object({ id: exportIdSchema }),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** The active profile's recent exports, newest first; `exists` is false once the file is gone. */
  'exports:recent': {
    input: z.undefined(),
    output: z.object({ items: z.array(recentExportSchema.extend({ exists: z.boolean() })) }),
  },
  /** "Show in folder" for a recent export of the active profile (no other path is shown). */
  'files:reveal': {
    input: z.object({ path: z.string().min(1) }),
    output: revealResultSchema,
  },
} as const;
