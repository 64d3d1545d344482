import { z } from 'zod';
import { SandboxError } from './errors.ts';

/**
 * Body and query validation with zod schemas, answering 422 with field errors (conventions §3):
 * types, bounds and enums as the schema says, plus unknown fields and read-only fields, which a
 * schema that strips or ignores them would let through silently.
 */

/**
 * Response-only fields a client must not send, wherever they appear (conventions §3). Each
 * resource adds its own: see `ValidateOptions.resource`.
 */
const readOnlyEverywhere = new Set([
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

export interface ValidateOptions {
  /**
   * The response schema of the resource the body writes. A field the request schema refuses but
   * the resource carries at the same place (a post's `media`, a campaign's `avg_emv`, an
   * interaction's `text`) is read-only rather than unknown, so the 422 says which it is.
   */
  resource?: z.ZodType;
}

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

/** The object schemas a value may be, through optional, nullable, default and unions. */
function objectsOf(schema: z.ZodType): z.ZodType[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return objectsOf(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodDefault) return objectsOf(schema.removeDefault() as z.ZodType);
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(objectsOf);
  return [schema];
}

/** The field names `schema` has at `path` (array indexes step into elements). */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): Set<string> {
  let level = objectsOf(schema);
  for (const segment of path) {
    level = level.flatMap((node) => {
      if (typeof segment === 'number' && node instanceof z.ZodArray)
        return objectsOf(node.element as z.ZodType);
      if (typeof segment === 'string' && node instanceof z.ZodObject) {
        const child = (node.shape as Record<string, z.ZodType | undefined>)[segment];
        return child ? objectsOf(child) : [];
      }
      return [];
    });
  }
  return new Set(level.flatMap((node) => (node instanceof z.ZodObject ? Object.keys(node.shape) : [])));
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

interface IssueContext extends ValidateOptions {
  input: unknown;
  /** In a query string a repeated parameter arrives as an array of its values. */
  source: 'query' | 'body';
}

/** zod issues -> `{ "field.path": ["message", ...] }`; `root` names the whole input. */
export function fieldErrors(
  error: z.ZodError,
  root: string,
  context: IssueContext = { input: undefined, source: 'body' },
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    (fields[key] ??= []).push(message);
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const resourceKeys = context.resource ? keysAt(context.resource, issue.path) : new Set<string>();
      for (const key of issue.keys) {
        const readOnly = readOnlyEverywhere.has(key) || resourceKeys.has(key);
        add(
          path ? `${path}.${key}` : key,
          readOnly ? 'Read-only field: it cannot be sent.' : 'Unknown field.',
        );
      }
      continue;
    }
    const value = valueAt(context.input, issue.path);
    const typeIssue = issue.code === 'invalid_type' || issue.code === 'invalid_union';
    if (typeIssue && issue.path.length > 0 && value === undefined) {
      add(path, 'Required.');
    } else if (context.source === 'query' && Array.isArray(value) && issue.path.length === 1) {
      add(path, `Given ${value.length} times: send ${path} once (lists are comma-separated).`);
    } else {
      add(path || root, issue.message);
    }
  }
  return fields;
}

function validate<S extends z.ZodType>(schema: S, input: unknown, context: IssueContext): z.output<S> {
  const result = deepStrict(schema).safeParse(input);
  if (result.success) return result.data as z.output<S>;
  const root = context.source === 'query' ? 'query' : 'body';
  const errors = fieldErrors(result.error, root, context);
  const [first] = Object.entries(errors);
  const detail = first ? ` ${first[0]}: ${first[1][0]}` : '';
  const what = context.source === 'query' ? 'query parameters' : 'request body';
  throw new SandboxError(422, `Invalid ${what}.${detail}`, errors);
}

/** Validates a JSON body; a missing body counts as `{}` so "field required" errors name the field. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: ValidateOptions = {},
): z.output<S> {
  const input = body ?? {};
  return validate(schema, input, { ...options, input, source: 'body' });
}

/** Validates the query string (values arrive as strings, or arrays when repeated). */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const input = query ?? {};
  return validate(schema, input, { input, source: 'query' });
}

/**
 * A path id (brand_id, campaign_id, post_id, ...): integers >= 0 per interface.md. Anything else
 * names no resource, so it is a 404 like an id that does not exist.
 */
export function pathId(params: unknown, name: string, what = `resource with ${name}`): number {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw new SandboxError(404, `No ${what} "${String(value)}": ids are integers >= 0.`, {
      [name]: ['Must be an integer >= 0.'],
    });
  }
  return Number(value);
}
