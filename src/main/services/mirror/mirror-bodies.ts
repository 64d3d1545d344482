import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { InboxItem } from '../../../shared/contract/index.ts';

/**
 * The mirror's bodies, deflated with a dictionary. An interaction's JSON is about 1.3 KB, and most
 * of it is shared with the others (field names, a brand's avatars and post thumbnails, the same
 * media): deflate alone halves it, with a dictionary of bodies like it the mirror holds about an
 * eighth (measured on the bench's 100,000 rows). The dictionary is made once from the first rows
 * the mirror stores and kept beside them (`mirror_meta`), since every body is read back with the
 * same one; a mirror dropped and refilled makes a new one.
 */

/** Deflate keeps a 32 KB window: a longer dictionary is not read. */
const DICTIONARY_BYTES = 32 * 1024;

/**
 * A dictionary from some bodies: one of each type first (what each kind of row shares), then
 * the others in turn until the window is full. Deflate prefers the dictionary's end, so the
 * shapes of every type sit there.
 */
export function dictionaryOf(items: readonly InboxItem[]): string {
  const firstOfType = new Map<string, string>();
  const rest: string[] = [];
  for (const item of items) {
    const json = JSON.stringify(item);
    if (!firstOfType.has(item.type)) firstOfType.set(item.type, json);
    else rest.push(json);
  }
  const parts = [...firstOfType.values()];
  let bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  for (const part of rest) {
    const size = Buffer.byteLength(part);
    if (bytes + size > DICTIONARY_BYTES) break;
    parts.unshift(part);
    bytes += size;
  }
  return parts.join('\n');
}

export class BodyPacker {
  readonly #dictionary: Buffer;

  constructor(dictionary: string) {
    this.#dictionary = Buffer.from(dictionary);
  }

  /** An interaction's JSON (`JSON.stringify` of it), deflated. */
  pack(json: string): Uint8Array {
    // Level 1: the fill writes 100,000 of these on main's thread; a higher level gains 3%.
    return deflateRawSync(json, { level: 1, dictionary: this.#dictionary });
  }

  unpack(body: Uint8Array): InboxItem {
    return JSON.parse(inflateRawSync(body, { dictionary: this.#dictionary }).toString('utf8')) as InboxItem;
  }
}
