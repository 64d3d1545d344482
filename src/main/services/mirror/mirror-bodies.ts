import { constants, createDeflateRaw, deflateRawSync, inflateRawSync, type DeflateRaw } from 'node:zlib';
import type { InboxItem } from '../../../shared/contract/index.ts';
import { FILL_PAGES_AT_ONCE } from './mirror-fill.ts';

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

/** Level 1: the fill writes 100,000 bodies; a higher level gains 3%. */
const LEVEL = 1;

/** Deflate streams kept for `packAll`: one per page the fill has in flight. */
const STREAMS_KEPT = FILL_PAGES_AT_ONCE;

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
  /** Deflate streams free for `packAll`, at most `STREAMS_KEPT`. */
  readonly #idle: DeflateRaw[] = [];

  constructor(dictionary: string) {
    this.#dictionary = Buffer.from(dictionary);
  }

  /** An interaction's JSON (`JSON.stringify` of it), deflated: for a few rows at a time. */
  pack(json: string): Uint8Array {
    return deflateRawSync(json, { level: LEVEL, dictionary: this.#dictionary });
  }

  /**
   * Many interactions' JSON, each deflated on its own exactly as `pack` does it, through a deflate
   * stream reset between them. `pack` makes a zlib context per body, and each keeps a copy of the
   * dictionary (32 KB, unseen by V8) until V8 next collects: a first fill of 85,000 rows piled
   * them up, and the C heap kept the 150 MB they had taken. The streams are kept
   * from page to page (one made per page would keep its copy in the same way) until `release`.
   * The deflating runs on libuv's threads: main's thread is not held meanwhile.
   */
  async packAll(jsons: readonly string[]): Promise<Uint8Array[]> {
    const stream = this.#idle.pop() ?? this.#newStream();
    const chunks: Buffer[] = [];
    const take = (chunk: Buffer) => chunks.push(chunk);
    stream.on('data', take);
    const packed: Uint8Array[] = [];
    try {
      for (const json of jsons) {
        await new Promise<void>((resolve, reject) =>
          stream.write(json, (error) => (error ? reject(error) : resolve())),
        );
        packed.push(Buffer.concat(chunks.splice(0)));
        stream.reset();
      }
    } catch (error) {
      stream.close();
      throw error;
    } finally {
      stream.off('data', take);
    }
    if (this.#idle.length < STREAMS_KEPT) this.#idle.push(stream);
    else stream.close();
    return packed;
  }

  /** Closes the streams kept for `packAll` (a fill has ended); the next call makes new ones. */
  release(): void {
    for (const stream of this.#idle.splice(0)) stream.close();
  }

  #newStream(): DeflateRaw {
    // Each write is a whole body (Z_FINISH ends it); a reset starts the next with the dictionary.
    const stream = createDeflateRaw({
      level: LEVEL,
      dictionary: this.#dictionary,
      flush: constants.Z_FINISH,
    });
    // A failed write gives its error to its callback; unheard, the event would end main.
    stream.on('error', () => {});
    return stream;
  }

  unpack(body: Uint8Array): InboxItem {
    return JSON.parse(inflateRawSync(body, { dictionary: this.#dictionary }).toString('utf8')) as InboxItem;
  }
}
