import { z } from 'zod';

/** The schema under optional, nullable and default. */
function bare(schema: z.ZodType): z.ZodType {
  let node = schema;
  for (;;) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable) node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodDefault) node = node.removeDefault() as z.ZodType;
    else return node;
  }
}

/**
 * What a form built from a resource it read sends back (conventions §3: a client can send back
 * what it read): the request schema's fields only, at every level, with values as read, nulls
 * included. A date-time where the request takes a date is sent as its date, the only change of
 * form a request asks for.
 */
export function requestFromRead(schema: z.ZodType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const node = bare(schema);
  if (node instanceof z.ZodObject) {
    const shape = node.shape as Record<string, z.ZodType>;
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(shape)
        .filter((key) => source[key] !== undefined)
        .map((key) => [key, requestFromRead(shape[key]!, source[key])]),
    );
  }
  if (node instanceof z.ZodArray) {
    return (value as unknown[]).map((item) => requestFromRead(node.element as z.ZodType, item));
  }
  if (node instanceof z.ZodISODate && typeof value === 'string') return value.slice(0, 10);
  return value;
}

/** The top-level keys of `body` whose value is null. */
export function nullKeys(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((key) => body[key] === null);
}
