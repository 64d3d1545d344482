import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BodyPacker, dictionaryOf } from '../../../../src/main/services/mirror/mirror-bodies.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';

// 17,000 interactions over its brands, served without a rate limit: the fill below is about memory.
const sandbox = await sandboxForThisFile({ scale: 4, rateLimit: 1_000_000 });
const client = clientFor(sandbox);
const folder = mkdtempSync(join(tmpdir(), 'socialdesk-mirror-bodies-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a page's bodies packed together", () => {
  it('are each what packing it alone gives, and read back alone, pages in flight side by side', async () => {
    const pages = await Promise.all(
      [0, 100, 200, 300].map(
        async (offset) =>
          (await client.community.listInteractions({ brand_ids: sandbox.brands, offset, limit: 100 })).data,
      ),
    );
    const packer = new BodyPacker(dictionaryOf(pages[0]!));
    const packed = await Promise.all(
      pages.map((page) => packer.packAll(page.map((item) => JSON.stringify(item)))),
    );
    pages.forEach((page, p) =>
      page.forEach((item, k) => {
        const body = packed[p]![k]!;
        expect(Buffer.from(body).equals(Buffer.from(packer.pack(JSON.stringify(item))))).toBe(true);
        expect(packer.unpack(body)).toEqual(item);
      }),
    );
    // Once released (a fill ended), the next page is packed as well.
    packer.release();
    const again = await packer.packAll([JSON.stringify(pages[1]![0])]);
    expect(packer.unpack(again[0]!)).toEqual(pages[1]![0]);
  });
});

/** A first fill of every brand in a process of its own (support/fill-in-child.ts); its answer. */
function fillInChild(): Promise<{ rows: number; outsideV8GrownMb: number }> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', join(import.meta.dirname, 'support/fill-in-child.ts')],
    {
      env: {
        ...process.env,
        URLS: JSON.stringify(sandbox.urls),
        TOKEN: sandbox.tokens.user,
        BRANDS: JSON.stringify(sandbox.brands),
        DIR: join(folder, 'child'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`exit ${code}: ${out}`)),
    ),
  );
}

describe("main's memory after a first fill", () => {
  // Deflating each body with a zlib context of its own, what piled up between two collections
  // grew the C heap by 116-165 MB here (about 150 MB at the bench's 85,000 rows), and it kept it;
  // through the streams kept from page to page, 70-85 MB, the machine busy or not.
  it('leaves the memory outside V8 less than 100 MB larger', async () => {
    const { rows, outsideV8GrownMb } = await fillInChild();
    expect(rows).toBeGreaterThan(15_000);
    expect(outsideV8GrownMb).toBeLessThan(100);
  });
});
