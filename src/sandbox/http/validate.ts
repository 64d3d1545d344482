import { z } from 'zod';
import { SandboxError } from './errors.ts';

/**
 * Body and query validation with zod schemas, answering 422 with field errors (conventions §3):
 * types, bounds and enums as the schema says, plus unknown fields and read-only fields, which a
 * schema that strips or ignores them would let through silently.
 */

/** Response-only fields a client must not send (conventions §3). */
const readOnlyFields = new Set([
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
  'live_post_url',
  'auto_publish_error',
  'subtitle_upload_status',
  'approval_status',
  'number_of_media',
]);

const strictCache = new WeakMap<z.ZodType, z.ZodType>();

/** The same schema with every nested object made strict, so unknown keys show up as issues. */
function deepStrict(schema: z.ZodType): z.ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  let result: z.ZodType = schema;
  if (schema instanceof z.ZodObject) {
    const changed: Record<string, z.ZodType> = {};
    for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const strictChild = deepStrict(child);
      if (strictChild !== child) changed[key] = strictChild;
    }
    const base = Object.keys(changed).length > 0 ? schema.safeExtend(changed) : schema;
    // A schema with its own catchall (a record-like object) keeps it.
    result = schema.def.catchall ? base : base.strict();
  } else if (schema instanceof z.ZodOptional) {
    const inner = deepStrict(schema.unwrap() as z.ZodType);
    if (inner !== schema.unwrap()) result = inner.optional();
  } else if (schema instanceof z.ZodNullable) {
    const inner = deepStrict(schema.unwrap() as z.ZodType);
    if (inner !== schema.unwrap()) result = inner.nullable();
  } else if (schema instanceof z.ZodArray) {
    const inner = deepStrict(schema.element as z.ZodType);
    if (inner !== schema.element) result = z.array(inner);
  }
  strictCache.set(schema, result);
  return result;
}

/** zod issues -> `{ "field.path": ["message", ...] }`; `root` names the whole input. */
export function fieldErrors(error: z.ZodError, root: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    (fields[key] ??= []).push(message);
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = path ? `${path}.${key}` : key;
        add(field, readOnlyFields.has(key) ? 'Read-only field: it cannot be sent.' : 'Unknown field.');
      }
    } else {
      add(path || root, issue.message);
    }
  }
  return fields;
}

function fail(error: z.ZodError, root: string, what: string): never {
  const errors = fieldErrors(error, root);
  const [first] = Object.entries(errors);
  const detail = first ? ` ${first[0]}: ${first[1][0]}` : '';
  throw new SandboxError(422, `Invalid ${what}.${detail}`, errors);
}

/** Validates a JSON body; a missing body counts as `{}` so "field required" errors name the field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = deepStrict(schema).safeParse(body ?? {});
  if (!result.success) fail(result.error, 'body', 'request body');
  return result.data as z.output<S>;
}

/** Validates the query string (use the `q` helpers below: query values arrive as strings). */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = deepStrict(schema).safeParse(query ?? {});
  if (!result.success) fail(result.error, 'query', 'query parameters');
  return result.data as z.output<S>;
}

/** A repeated parameter (`?a=1&a=2`) arrives as an array; lists join it, scalars refuse it. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? { repeated: value } : value;
}
function joined(value: unknown): unknown {
  return Array.isArray(value) ? value.join(',') : value;
}
function splitList(value: unknown): unknown {
  const text = joined(value);
  if (typeof text !== 'string') return text;
  return text === '' ? [] : text.split(',').map((item) => item.trim());
}

const intPattern = /^-?\d+$/;
/** YYYY-MM-DD, optionally Thh:mm:ss(.sss) with Z or an offset (interface.md op 5). */
export const dateOrDateTimePattern =
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2}))?$/;
export const datePattern = /^\d{4}-\d{2}-\d{2}$/;
export const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

function toInt(value: unknown): unknown {
  const v = single(value);
  return typeof v === 'string' && intPattern.test(v.trim()) ? Number(v) : v;
}

function validDate(text: string): boolean {
  return !Number.isNaN(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text));
}

/** Query-string field builders: each turns the string form into the typed value or an issue. */
export const q = {
  int(min = 0, max = Number.MAX_SAFE_INTEGER) {
    return z.preprocess(
      toInt,
      z
        .number({ error: 'Must be an integer.' })
        .int('Must be an integer.')
        .min(min, `Must be at least ${min}.`)
        .max(max, `Must be at most ${max}.`),
    );
  },
  bool() {
    return z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : single(v)),
      z.boolean({ error: 'Must be true or false.' }),
    );
  },
  string(max = 1000) {
    return z.preprocess(
      single,
      z.string({ error: 'Must be a single string.' }).max(max, `Must be at most ${max} characters.`),
    );
  },
  enum<const T extends readonly [string, ...string[]]>(values: T) {
    return z.preprocess(single, z.enum(values, { error: `Must be one of ${values.join(', ')}.` }));
  },
  /** A comma-separated list of integers >= 0. */
  intList(minItems = 0, maxItems = 1000) {
    return z.preprocess(
      (v) => {
        const items = splitList(v);
        return Array.isArray(items)
          ? items.map((item) => (intPattern.test(item) ? Number(item) : item))
          : items;
      },
      z
        .array(
          z
            .number({ error: 'Must be a comma-separated list of integers.' })
            .int()
            .min(0, 'Ids are integers >= 0.'),
        )
        .min(minItems, `Needs at least ${minItems} value(s).`)
        .max(maxItems, `Takes at most ${maxItems} values.`),
    );
  },
  /** A comma-separated list of enum values. */
  enumList<const T extends readonly [string, ...string[]]>(values: T, minItems = 0) {
    return z.preprocess(
      splitList,
      z
        .array(z.enum(values, { error: `Each value must be one of ${values.join(', ')}.` }))
        .min(minItems, `Needs at least ${minItems} value(s).`),
    );
  },
  stringList() {
    return z.preprocess(splitList, z.array(z.string()));
  },
  /** Date or date-time per interface.md op 5's pattern. */
  dateOrDateTime() {
    return z.preprocess(
      single,
      z
        .string({ error: 'Must be a date or date-time.' })
        .regex(
          dateOrDateTimePattern,
          'Must be YYYY-MM-DD, optionally followed by Thh:mm:ss and Z or an offset.',
        )
        .refine(validDate, 'Not a real date.'),
    );
  },
  date() {
    return z.preprocess(
      single,
      z
        .string({ error: 'Must be a date.' })
        .regex(datePattern, 'Must be YYYY-MM-DD.')
        .refine(validDate, 'Not a real date.'),
    );
  },
  dateTime() {
    return z.preprocess(
      single,
      z
        .string({ error: 'Must be a date-time.' })
        .regex(dateTimePattern, 'Must be a date-time with a zone, e.g. 2025-01-31T12:00:00Z.')
        .refine(validDate, 'Not a real date-time.'),
    );
  },
  /** A JSON object sent URL-encoded in one parameter (reports `filters`). */
  jsonObject() {
    return z.preprocess(
      (v) => {
        const text = single(v);
        if (typeof text !== 'string') return text;
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return text;
        }
      },
      z.record(z.string(), z.unknown(), { error: 'Must be a URL-encoded JSON object.' }),
    );
  },
};

/**
 * A path id (brand_id, campaign_id, post_id, ...): integers >= 0 per interface.md. Anything else
 * names no resource, so it is a 404 like an id that does not exist.
 */
export function pathId(params: unknown, name: string): number {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw new SandboxError(404, `No resource with ${name} "${String(value)}": ids are integers >= 0.`, {
      [name]: ['Must be an integer >= 0.'],
    });
  }
  return Number(value);
}
