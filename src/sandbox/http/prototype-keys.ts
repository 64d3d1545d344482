import { SandboxError } from './errors.ts';

/**
 * Fastify's JSON parser refuses a body with a `__proto__` key, or a `constructor` object with a
 * `prototype` key, anywhere in it (so no route ever sees an object that could change a
 * prototype), and reports it as invalid JSON. The text is valid JSON, though: the client sent
 * fields no request has, which conventions §3 calls a 422 naming each field, not the 400 of an
 * unreadable body.
 */

const own = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** Dotted paths (array indexes included, as in zod's issues) of the keys the parser refuses. */
function forbiddenPaths(value: unknown, path: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return [];
  const paths: string[] = [];
  // JSON.parse makes `__proto__` an own data property, so Object.entries lists it.
  for (const [key, child] of Object.entries(value)) {
    const here = [...path, key];
    const poisoning =
      key === '__proto__' ||
      (key === 'constructor' && child !== null && typeof child === 'object' && own(child, 'prototype'));
    if (poisoning) paths.push(here.join('.'));
    else paths.push(...forbiddenPaths(child, here));
  }
  return paths;
}

/**
 * For a body Fastify's parser refused: the 422 naming its prototype keys when that was the
 * reason (the text is valid JSON with such keys), else undefined (the text is not JSON).
 */
export function prototypeKeysError(text: string): SandboxError | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const paths = forbiddenPaths(parsed);
  if (paths.length === 0) return undefined;
  const errors = Object.fromEntries(paths.map((path) => [path, ['Unknown field.']]));
  return new SandboxError(422, `Invalid request body. ${paths[0]}: Unknown field.`, errors);
}
