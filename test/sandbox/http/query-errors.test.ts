import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import { AREAS } from '../../../src/sandbox/areas/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/**
 * 422 field errors for query parameters: keyed by the parameter the client sent (not by an index
 * into the list it became), saying what is wrong with the value; "Required." only when missing.
 */
describe('sandbox query parameter errors', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-03-01T10:00:00Z', areas: AREAS });
  });
  afterAll(() => sb.close());

  async function errorsOf(path: string, query: Record<string, string>) {
    const result = await sb.call('GET', path, { query });
    expect(result.status).toBe(422);
    return errorObjectSchema.parse(result.body);
  }
  /** A valid content report query (interface.md Limits: these three are required), changed by `query`. */
  const report = (query: Record<string, string>) =>
    errorsOf('/dashboard/reports/data', {
      report_type: 'CONTENT',
      channels: 'INSTAGRAM',
      metrics: 'IMPRESSIONS',
      brand_ids: String(sb.brands[0]),
      ...query,
    });

  it('names the list parameter and the bad item of a comma-separated id list', async () => {
    const error = await report({ brand_ids: `${sb.brands[0]},abc` });
    expect(error.errors).toEqual({ brand_ids: ["Each item must be an integer >= 0; got 'abc'."] });
    expect(error.message).toContain("brand_ids: Each item must be an integer >= 0; got 'abc'.");
    const negative = await errorsOf(`/library/brands/${sb.brands[0]}/campaigns`, { ids: '1,-2' });
    expect(negative.errors).toEqual({ ids: ["Each item must be an integer >= 0; got '-2'."] });
  });

  it('names the allowed values for a bad item of an enum list', async () => {
    const error = await report({ channels: 'FACEBOOK,FOO' });
    expect(Object.keys(error.errors)).toEqual(['channels']);
    const [message] = error.errors.channels!;
    expect(message).toMatch(/^Each item must be one of FACEBOOK, INSTAGRAM, .*YOUTUBE; got 'FOO'\.$/);
  });

  it('says "Required." only for a missing parameter, and asks for a value for an empty list', async () => {
    expect((await errorsOf('/community/tags', {})).errors).toEqual({ brand_ids: ['Required.'] });
    expect((await report({ channels: '' })).errors).toEqual({
      channels: ['Send at least 1 value (comma-separated).'],
    });
  });
});
