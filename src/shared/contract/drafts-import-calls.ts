import { z } from 'zod';
import { schedulerChannelSchema } from '../domain/index.ts';

/**
 * Bulk scheduling from a CSV file (issue 26 §4). Main reads the file (its own open dialog in
 * Electron, the text a page picked in the browser shell), checks every row against the rules a
 * draft's sync applies, and answers what it would do; only once the person confirms are the
 * accepted rows written, as drafts queued in the outbox, all in one transaction.
 *
 * The columns, by their header: channel, brand (its id, or "Brand 101" as the app names it),
 * time (ISO 8601 with a zone, or a local date and time read in `timeZone`), text, link, media ids
 * (whole numbers, separated by spaces, commas or semicolons).
 */

/** Why a row is refused, as data: the renderer says it in the person's words. */
export const importProblemSchema = z.discriminatedUnion('kind', [
  /** No channel, or one the app does not post to. */
  z.object({ kind: z.literal('unknown_channel'), value: z.string() }),
  /** No brand, or one this profile does not reach. */
  z.object({ kind: z.literal('unknown_brand'), value: z.string() }),
  z.object({ kind: z.literal('missing_time') }),
  /** A time that reads as neither an ISO date-time nor a local date and time. */
  z.object({ kind: z.literal('bad_time'), value: z.string() }),
  /** `at` is the instant the row names (ISO, UTC). */
  z.object({ kind: z.literal('past_time'), at: z.string() }),
  /** Text over the channel's limit, counted as the network counts it. */
  z.object({
    kind: z.literal('text_too_long'),
    channel: schedulerChannelSchema,
    length: z.number().int(),
    max: z.number().int(),
  }),
  /** The channel's posts carry no text (Snapchat). */
  z.object({ kind: z.literal('text_not_taken'), channel: schedulerChannelSchema }),
  /** The channel's posts carry no link, in a field or in their text. */
  z.object({ kind: z.literal('link_not_taken'), channel: schedulerChannelSchema }),
  /** One cell of the media ids column that is not a media id. */
  z.object({ kind: z.literal('bad_media_id'), value: z.string() }),
  /** Neither text nor media. */
  z.object({ kind: z.literal('nothing_to_post') }),
  /** More cells than the header names. */
  z.object({ kind: z.literal('extra_cells'), count: z.number().int() }),
  /** Any other refusal of the post's shared schema, in its own words, at the field it names. */
  z.object({ kind: z.literal('refused'), field: z.string(), message: z.string() }),
]);
export type ImportProblem = z.output<typeof importProblemSchema>;
export type ImportProblemKind = ImportProblem['kind'];

export const importRefusedRowSchema = z.object({
  /** The row's first line in the file (the header is line 1). */
  line: z.number().int().min(1),
  problems: z.array(importProblemSchema).min(1),
  /** The row's cells as read, so a refused list can be saved and fixed. */
  cells: z.record(z.string(), z.string()),
});
export type ImportRefusedRow = z.output<typeof importRefusedRowSchema>;

/** An accepted row, as the draft it becomes will show it. */
export const importAcceptedRowSchema = z.object({
  line: z.number().int().min(1),
  channel: schedulerChannelSchema,
  brandId: z.number().int().min(0),
  /** ISO, UTC. */
  at: z.string(),
  text: z.string(),
});
export type ImportAcceptedRow = z.output<typeof importAcceptedRowSchema>;

/** What importing the file would do; nothing is written yet. */
export const importCheckSchema = z.object({
  /** Names the checked file in `drafts-import:import` (a digest of its bytes). */
  fingerprint: z.string(),
  fileName: z.string(),
  /** Rows of posts in the file (the header and blank lines not counted). */
  rows: z.number().int().min(0),
  accepted: z.number().int().min(0),
  /** The first accepted rows (at most 5), to show what will be created. */
  firstAccepted: z.array(importAcceptedRowSchema),
  refused: z.array(importRefusedRowSchema),
  /** The zone times without one were read in. */
  timeZone: z.string(),
  /** This very file was imported before, in this profile: when, and how many drafts it made. */
  earlier: z.object({ importedAt: z.string(), created: z.number().int() }).nullable(),
});
export type ImportCheck = z.output<typeof importCheckSchema>;

/** An IANA zone name, as `Intl.DateTimeFormat().resolvedOptions().timeZone` gives it. */
const timeZoneSchema = z.string().min(1).max(64);

/** The largest file taken: about 3,000 long posts. Larger files are split by the person. */
export const IMPORT_FILE_MAX_CHARS = 3_000_000;
/** The most rows one import takes. */
export const IMPORT_ROWS_MAX = 5_000;

export const draftsImportCalls = {
  /**
   * Electron: main's open dialog; the chosen file is read and checked in main (the text never
   * travels). `check` is null when the person closed the dialog. The browser shell has no
   * dialog of main's: it refuses, and its page sends the picked file's text to `check`.
   */
  'drafts-import:choose-file': {
    input: z.object({ timeZone: timeZoneSchema }),
    output: z.object({ check: importCheckSchema.nullable() }),
  },
  /** Checks a file's text (picked in the page), writing nothing. */
  'drafts-import:check': {
    input: z.object({
      fileName: z.string().min(1).max(255),
      text: z.string().max(IMPORT_FILE_MAX_CHARS, 'This file is too large to import: split it in parts.'),
      timeZone: timeZoneSchema,
    }),
    output: importCheckSchema,
  },
  /**
   * Imports the file checked last under `fingerprint`: its rows are checked again, and when
   * `accepted` of them still pass (the count the person confirmed) they become drafts queued for
   * the service, in one transaction. A file imported before is refused unless `again`.
   */
  'drafts-import:import': {
    input: z.object({
      fingerprint: z.string().min(1).max(128),
      accepted: z.number().int().min(1),
      again: z.boolean().default(false),
    }),
    output: z.object({ created: z.number().int().min(0) }),
  },
} as const;
