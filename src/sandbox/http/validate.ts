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
  /** The schema validated against, to describe what a list item must be. */
  schema?: z.ZodType;
}

/** The element schema of the list parameter `name` (a comma-separated list), if it is one. */
function listElementOf(schema: z.ZodType, name: string): z.ZodType | undefined {
  for (const node of objectsOf(schema)) {
    if (!(node instanceof z.ZodObject)) continue;
    let field = (node.shape as Record<string, z.ZodType | undefined>)[name];
    // Through optional, default and the text-to-list pipe, to the list the text becomes.
    while (field) {
      if (field instanceof z.ZodOptional || field instanceof z.ZodNullable)
        field = field.unwrap() as z.ZodType;
      else if (field instanceof z.ZodDefault) field = field.removeDefault() as z.ZodType;
      else if (field instanceof z.ZodPipe) field = field.out as z.ZodType;
      else if (field instanceof z.ZodArray) return field.element as z.ZodType;
      else return undefined;
    }
  }
  return undefined;
}

/** What every item of a list must be, in words: "an integer >= 0", "one of A, B". */
function itemRule(element: z.ZodType | undefined): string | undefined {
  let node = element;
  while (node instanceof z.ZodPipe) node = node.out as z.ZodType;
  if (node instanceof z.ZodNumber) {
    // .int() bounds a number to the safe integers: only tighter bounds are worth saying.
    const { minValue: min, maxValue: max } = node;
    const bounds = [
      min !== null && min > Number.MIN_SAFE_INTEGER ? `>= ${min}` : '',
      max !== null && max < Number.MAX_SAFE_INTEGER ? `<= ${max}` : '',
    ].filter(Boolean);
    return [node.isInt ? 'an integer' : 'a number', ...bounds].join(' ');
  }
  if (node instanceof z.ZodEnum) return `one of ${node.options.join(', ')}`;
  if (node instanceof z.ZodString) return (node.minLength ?? 0) > 0 ? 'non-empty text' : 'text';
  return undefined;
}

/**
 * The text of item `index` of list parameter `name` as the client sent it: comma-separated parts
 * of one value, or the values of a repeated parameter.
 */
function queryItemText(input: unknown, name: string, index: PropertyKey): string | undefined {
  const value = valueAt(input, [name]);
  const items = typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value;
  if (!Array.isArray(items) || typeof index !== 'number') return undefined;
  const item: unknown = items[index];
  return item === undefined ? undefined : String(item);
}

/**
 * A query list item at fault: keyed by the parameter (the client sent `brand_ids=101,abc`, not a
 * `brand_ids.1`), saying which item is wrong and what every item must be.
 */
function queryItemMessage(issue: z.core.$ZodIssue, context: IssueContext): [string, string] {
  const name = String(issue.path[0]);
  const rule = context.schema ? itemRule(listElementOf(context.schema, name)) : undefined;
  const item = queryItemText(context.input, name, issue.path[1] as PropertyKey);
  const got = item === undefined ? '' : `; got '${item}'`;
  const message = rule ? `Each item must be ${rule}${got}.` : `${issue.message.replace(/\.$/, '')}${got}.`;
  return [name, message];
}

/** A list parameter with too few or too many items, in the words of a query string. */
function listSizeMessage(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'too_small' && issue.origin === 'array') {
    const min = Number(issue.minimum);
    return `Send at least ${min} value${min === 1 ? '' : 's'} (comma-separated).`;
  }
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return `Send at most ${Number(issue.maximum)} values (comma-separated).`;
  }
  return undefined;
}

/**
 * zod issues -> `{ "field.path": ["message", ...] }`; `root` names the whole input. Collected in a
 * Map because the client names the keys: a `toString` or `__proto__` parameter would find the
 * inherited member of a plain object. `Object.fromEntries` makes each key an own property.
 */
export function fieldErrors(
  error: z.ZodError,
  root: string,
  context: IssueContext = { input: undefined, source: 'body' },
): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    fields.set(key, [...(fields.get(key) ?? []), message]);
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
    if (context.source === 'query' && issue.path.length > 1) {
      add(...queryItemMessage(issue, context));
      continue;
    }
    const sizeMessage = context.source === 'query' ? listSizeMessage(issue) : undefined;
    if (sizeMessage) {
      add(path, sizeMessage);
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
  return Object.fromEntries(fields);
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

/** What a JSON body that is not an object is, in words. */
function jsonKind(body: unknown): string {
  if (body === null) return 'null';
  if (Array.isArray(body)) return 'an array';
  return `a ${typeof body}`;
}

/**
 * Validates a JSON body; a missing body counts as `{}` so "field required" errors name the field.
 * Every body of the interface is an object: JSON `null` (conventions §3), an array or a scalar is
 * a 422, never taken for "no body", which would answer a PATCH with 200 and change nothing.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: ValidateOptions = {},
): z.output<S> {
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    const got = jsonKind(body);
    throw new SandboxError(422, `Invalid request body. The body must be a JSON object; got ${got}.`, {
      body: [`Must be a JSON object; got ${got}.`],
    });
  }
  const input = body ?? {};
  return validate(schema, input, { ...options, input, source: 'body' });
}

/** Validates the query string (values arrive as strings, or arrays when repeated). */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const input = query ?? {};
  return validate(schema, input, { input, source: 'query', schema });
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
