import type { DraftFields, ImportProblem } from '../../../../shared/contract/index.ts';
import {
  limitCounts,
  overLimitSentence,
  schedulerChannels,
  type SchedulerChannel,
} from '../../../../shared/domain/index.ts';
import { createBody, validBody } from '../post-fields.ts';
import type { CsvRow } from './csv-rows.ts';
import { instantOf } from './time-cell.ts';

/**
 * One row of an import checked against the rules a draft's sync applies, before anything is
 * written: the channel and brand must be known, the time a future instant, the media ids ids, and
 * the post's body must pass the channel's shared schema (post-fields.ts `validBody`, as the
 * outbox checks a draft before it goes, so its limits are the ones the composer counts), plus
 * X's weighted length (the shared twitter-text count). Every problem of the row is named, so a
 * person fixes a row once.
 */

export interface RowContext {
  /** The brands the active profile reaches. */
  brandIds: readonly number[];
  /** Local time, UNIX ms: a post must be due after it. */
  now: number;
  /** The zone times without one are read in. */
  timeZone: string;
}

/** What an accepted row becomes: a new draft, queued. */
export interface ImportedDraft {
  line: number;
  channel: SchedulerChannel;
  brandId: number;
  fields: DraftFields;
  /** The instant it is scheduled for (ISO, UTC), and its text as the draft shows it. */
  at: string;
  text: string;
}

export type RowVerdict = { ok: true; draft: ImportedDraft } | { ok: false; problems: ImportProblem[] };

/** The names people give the channels: the app's keys, and the networks' names. */
const channelAliases: Record<string, SchedulerChannel> = {
  ...Object.fromEntries(schedulerChannels.map((channel) => [channel, channel])),
  x: 'twitter',
  'x (twitter)': 'twitter',
  tweet: 'twitter',
  ig: 'instagram',
};

/** Where each channel keeps a post's text; Snapchat posts carry none. */
const textField: Record<SchedulerChannel, 'text' | 'caption' | null> = {
  threads: 'text',
  twitter: 'text',
  linkedin: 'text',
  instagram: 'caption',
  snapchat: null,
};

/**
 * Where a row's link goes: Threads has a link field (its preview card); X and LinkedIn posts
 * carry links in their text, so the link ends the text; Instagram captions and Snapchat cannot.
 */
const linkPlace: Record<SchedulerChannel, 'field' | 'text' | null> = {
  threads: 'field',
  twitter: 'text',
  linkedin: 'text',
  instagram: null,
  snapchat: null,
};

/** Any id the shared schemas would take for the draft's own (its `source_id`), for the check. */
const CHECK_SOURCE_ID = '00000000-0000-4000-8000-000000000000';

export function channelOf(cell: string | undefined): SchedulerChannel | undefined {
  return channelAliases[(cell ?? '').trim().toLowerCase()];
}

/** A brand by its id, or by the name the app shows it under ("Brand 101"). */
export function brandOf(cell: string | undefined, brandIds: readonly number[]): number | undefined {
  const match = /^(?:brand\s*)?(\d{1,15})$/i.exec((cell ?? '').trim());
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && brandIds.includes(id) ? id : undefined;
}

/** The media ids cell's ids, and the parts of it that are not ids. */
export function mediaIdsOf(cell: string | undefined): { ids: number[]; bad: string[] } {
  const parts = (cell ?? '').split(/[\s,;]+/).filter(Boolean);
  const ids: number[] = [];
  const bad: string[] = [];
  for (const part of parts) {
    if (/^\d+$/.test(part) && Number.isSafeInteger(Number(part))) ids.push(Number(part));
    else bad.push(part);
  }
  return { ids, bad };
}

export function checkRow(row: CsvRow, context: RowContext): RowVerdict {
  const problems: ImportProblem[] = [];
  const { cells } = row;
  if (row.extraCells > 0) problems.push({ kind: 'extra_cells', count: row.extraCells });

  const channel = channelOf(cells.channel);
  if (!channel) problems.push({ kind: 'unknown_channel', value: cells.channel ?? '' });
  const brandId = brandOf(cells.brand, context.brandIds);
  if (brandId === undefined) problems.push({ kind: 'unknown_brand', value: cells.brand ?? '' });

  const timeCell = cells.time ?? '';
  const at = timeCell ? instantOf(timeCell, context.timeZone) : null;
  if (!timeCell) problems.push({ kind: 'missing_time' });
  else if (at === null) problems.push({ kind: 'bad_time', value: timeCell });
  else if (Date.parse(at) <= context.now) problems.push({ kind: 'past_time', at });

  const media = mediaIdsOf(cells.media_ids);
  for (const value of media.bad) problems.push({ kind: 'bad_media_id', value });

  const link = cells.link ?? '';
  let text = cells.text ?? '';
  if (channel) {
    if (text && textField[channel] === null) problems.push({ kind: 'text_not_taken', channel });
    if (link && linkPlace[channel] === null) problems.push({ kind: 'link_not_taken', channel });
    if (link && linkPlace[channel] === 'text') text = text ? `${text}\n${link}` : link;
  }
  if (!text && !link && media.ids.length === 0 && media.bad.length === 0) {
    problems.push({ kind: 'nothing_to_post' });
  }
  if (!channel) return { ok: false, problems };

  const fields: DraftFields = { status: 'SCHEDULED' };
  const field = textField[channel];
  if (field && text) fields[field] = text;
  if (link && linkPlace[channel] === 'field') fields.link = link;
  if (media.ids.length > 0) fields.media_ids = media.ids;
  if (at !== null) fields.timestamp = at;
  problems.push(...bodyProblems(channel, fields, brandId ?? 0));

  if (problems.length > 0 || brandId === undefined || at === null) return { ok: false, problems };
  return { ok: true, draft: { line: row.line, channel, brandId, fields, at, text } };
}

/**
 * What the post limits (the counters' own, X's weighted count included) and the channel's shared
 * schema say of the post's body: a text past its length in the import's words, any other bound
 * or rule in the sentence the composer shows.
 */
function bodyProblems(channel: SchedulerChannel, fields: DraftFields, brandId: number): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const over = limitCounts(channel, fields).filter((limit) => limit.count > limit.max);
  for (const limit of over) {
    if (limit.unit !== 'character') {
      problems.push({ kind: 'refused', field: limit.path, message: overLimitSentence(limit) ?? '' });
    } else if (!problems.some((problem) => problem.kind === 'text_too_long')) {
      problems.push({ kind: 'text_too_long', channel, length: limit.count, max: limit.max });
    }
  }
  const checked = validBody(channel, 'create', createBody(fields, brandId, CHECK_SOURCE_ID));
  if (checked.ok) return problems;
  // A path past a limit is said above already; the schema repeats it in its own words.
  const limited = new Set(over.map((limit) => limit.path));
  for (const [path, messages] of Object.entries(checked.error.fieldErrors)) {
    if (!limited.has(path)) problems.push({ kind: 'refused', field: path, message: messages[0] ?? '' });
  }
  return problems;
}
