import { afterEach, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

type Outcome = 'server-error' | 'slow' | 'drop' | 'ok';

/** `--faults P`: with P=1 every request fails in one of the three ways; with P=0 none does. */
describe('sandbox faults', () => {
  let sb: TestSandbox;
  afterEach(() => sb.close());
  const slowMs = 150;

  async function outcome(): Promise<Outcome> {
    const started = performance.now();
    try {
      const result = await sb.call('GET', `/library/brands/${sb.brands[0]}/campaigns`, {
        query: { limit: 1 },
      });
      if (result.status === 500) {
        errorObjectSchema.parse(result.body);
        return 'server-error';
      }
      expect(result.status).toBe(200);
      return performance.now() - started >= slowMs ? 'slow' : 'ok';
    } catch (error) {
      // fetch rejects when the connection closes without an answer.
      expect(String((error as Error).message)).toMatch(/fetch failed|terminated|socket/i);
      return 'drop';
    }
  }

  it('fails every request with P=1, as a 500 error object, a slow answer or a dropped connection', async () => {
    sb = await startTestSandbox({ faults: 1, faultSlowMs: slowMs, seed: 7 });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcome()));
    expect(outcomes).not.toContain('ok');
    expect(new Set(outcomes)).toEqual(new Set(['server-error', 'slow', 'drop']));
  });

  it('fails nothing with P=0', async () => {
    sb = await startTestSandbox({ faults: 0, faultSlowMs: slowMs });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcome()));
    // Every call answered 200 (timing is not asserted: a busy machine may be slow on its own).
    expect(outcomes.filter((o) => o === 'server-error' || o === 'drop')).toEqual([]);
  });
});
