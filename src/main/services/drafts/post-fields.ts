import type { z } from 'zod';
import { fieldErrorsFromZod, type ContractError, type DraftFields } from '../../../shared/contract/index.ts';
import {
  limitProblems,
  scheduledPostSchemas,
  withLimitProblems,
  type SchedulerChannel,
} from '../../../shared/domain/index.ts';

/**
 * What a draft's fields mean to the service: the request form of a post read back, which fields
 * an update sends, the shared schemas' verdict before a sync, and the text a search looks in.
 */

/** Fields the draft owns itself: its brand, and its id as the post's `source_id`. */
const draftOwnedFields = new Set(['brand_id', 'source_id']);

/**
 * A post as read, reduced to what its update (PATCH) body may carry, shaped as that body: only
 * the keys the channel's update schema names, at every depth (an approval request keeps its two
 * request fields, a Twitter reply loses its id), and no null where the request form takes none.
 * So a draft of an existing post starts from fields the service would accept back.
 */
export function writableFields(channel: SchedulerChannel, post: Record<string, unknown>): DraftFields {
  const shape = scheduledPostSchemas[channel].update.shape as Record<string, z.ZodType>;
  const fields: DraftFields = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (draftOwnedFields.has(key)) continue;
    const value = fit(schema, post[key]);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

/** `value` cut to `schema`'s shape; undefined when there is nothing the schema takes. */
function fit(schema: z.ZodType, value: unknown): unknown {
  const def = schema.def as { type: string; innerType?: z.ZodType; element?: z.ZodType };
  switch (def.type) {
    case 'optional':
      return value === undefined ? undefined : fit(def.innerType!, value);
    case 'nullable':
      return value === null ? null : fit(def.innerType!, value);
    case 'default':
      return fit(def.innerType!, value);
    case 'object': {
      if (!isPlainObject(value)) return undefined;
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(shape)) {
        const fitted = fit(inner, value[key]);
        if (fitted !== undefined) out[key] = fitted;
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => fit(def.element!, item) ?? null) : undefined;
    default:
      return value === null || value === undefined ? undefined : value;
  }
}

/** Top-level fields whose values differ (deep, JSON-wise; date-times compared as instants). */
export function changedFields(mine: DraftFields, base: DraftFields): string[] {
  return Object.keys(mine).filter((key) => !sameValue(mine[key], base[key]));
}

/** Fields present on either side whose values differ: what a conflict view shows side by side. */
export function differingFields(mine: DraftFields, theirs: DraftFields): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys].filter((key) => !sameValue(mine[key], theirs[key])).sort();
}

/** The part of `fields` an update sends: what changed since `base`. */
export function updateBody(fields: DraftFields, base: DraftFields): DraftFields {
  return Object.fromEntries(changedFields(fields, base).map((key) => [key, fields[key]]));
}

/** True when the service's copy holds every value of `sent` (our own PATCH, applied). */
export function holdsValues(remote: DraftFields, sent: DraftFields): boolean {
  return changedFields(sent, remote).length === 0;
}

// An ISO date-time with a zone: the service may write back `...:00Z` for `...:00.000+00:00`.
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a === 'string' && typeof b === 'string') {
    return dateTimePattern.test(a) && dateTimePattern.test(b) && Date.parse(a) === Date.parse(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body of a create: the fields, with the draft's brand and its id as `source_id`. */
export function createBody(fields: DraftFields, brandId: number, draftId: string): DraftFields {
  return { ...fields, brand_id: brandId, source_id: draftId };
}

/**
 * The shared schemas' and the networks' limits' verdict on a body about to be sent: the body as
 * they read it, or the contract error with messages per field (keyed by path, as the service
 * keys its 422s), a limit's in the words the composer's counter uses.
 */
export function validBody(
  channel: SchedulerChannel,
  kind: 'create' | 'update',
  body: DraftFields,
): { ok: true; value: DraftFields } | { ok: false; error: ContractError } {
  const result = scheduledPostSchemas[channel][kind].safeParse(body);
  const problems = limitProblems(channel, body);
  if (result.success && Object.keys(problems).length === 0) {
    return { ok: true, value: result.data as DraftFields };
  }
  const fieldErrors = withLimitProblems(result.success ? {} : fieldErrorsFromZod(result.error), problems);
  const [field, messages] = Object.entries(fieldErrors)[0] ?? ['', []];
  return {
    ok: false,
    error: {
      code: 'invalid_input',
      message: `This draft cannot be sent yet: ${field ? `${field}: ` : ''}${messages[0] ?? 'invalid'}`,
      fieldErrors,
    },
  };
}

/** The texts of a post a person would search for: text, caption, first comment, replies. */
export function searchText(fields: DraftFields): string {
  const parts: string[] = [];
  for (const key of ['text', 'caption', 'first_comment', 'link']) {
    if (typeof fields[key] === 'string') parts.push(fields[key]);
  }
  if (Array.isArray(fields.replies)) {
    for (const reply of fields.replies) {
      if (isPlainObject(reply) && typeof reply.text === 'string') parts.push(reply.text);
    }
  }
  return normalizeForSearch(parts.join('\n'));
}

/** Lower case, accents kept apart (NFKD) and dropped, so "Café" is found by "cafe". */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

const PREVIEW_LENGTH = 140;

export function previewOf(fields: DraftFields): string {
  const text = [fields.text, fields.caption].find((value) => typeof value === 'string' && value.trim());
  const line = typeof text === 'string' ? text.trim().replace(/\s+/g, ' ') : '';
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

export function scheduledAtOf(fields: DraftFields): string | null {
  return typeof fields.timestamp === 'string' ? fields.timestamp : null;
}
