import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema, type ErrorObject } from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/**
 * Parameter and field names are data: one named after an Object.prototype member is an unknown
 * parameter or field like any other (422 naming it), never the inherited member (which made the
 * sandbox answer 500), and never "not valid JSON" for JSON that is valid.
 */
describe('sandbox: keys named after Object.prototype members', () => {
  let sb: TestSandbox;
  let campaigns: string;
  const memberNames = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-06-15T12:00:00Z' });
    campaigns = `/library/brands/${sb.brands[0]}/campaigns`;
  });
  afterAll(() => sb.close());

  function expectUnknown(result: Awaited<ReturnType<TestSandbox['call']>>, key: string) {
    expect(result.status, result.text).toBe(422);
    // Read as JSON.parse left it: a schema's record would copy `__proto__` by assignment.
    const error = result.body as ErrorObject;
    expect(errorObjectSchema.safeParse(error).success).toBe(true);
    expect(Object.keys(error.errors)).toEqual([key]);
    expect(Object.getOwnPropertyDescriptor(error.errors, key)?.value).toEqual(['Unknown field.']);
    expect(error.message).toContain(key);
  }

  it.each(memberNames)('a query parameter named %s is a 422 naming it', async (name) => {
    expectUnknown(await sb.call('GET', `${campaigns}?limit=1&${name}=1`), name);
    const report = `/dashboard/reports/data?report_type=CONTENT&channels=INSTAGRAM&metrics=IMPRESSIONS&brand_ids=${sb.brands[0]}`;
    expectUnknown(await sb.call('GET', `${report}&${name}=x`), name);
  });

  it.each(memberNames)('a body field named %s is a 422 naming it, at the top or nested', async (name) => {
    const list = await sb.call('GET', campaigns, { query: { limit: 1 } });
    const id = (list.body as { data: { id: number }[] }).data[0]!.id;
    const put = (text: string) => sb.call('PUT', `${campaigns}/${id}`, { rawBody: text });
    expectUnknown(await put(`{"name": "Renamed", "${name}": 1}`), name);
    expectUnknown(await put(`{"creator_filters": {"${name}": {"x": 1}}}`), `creator_filters.${name}`);
  });

  it('a constructor.prototype pair in a body is a 422 naming the field, not a 400', async () => {
    const search = `${campaigns}/1/ads/search`;
    const result = await sb.call('POST', search, {
      rawBody: '{"source": "META_ADS", "constructor": {"prototype": {"polluted": true}}}',
    });
    expectUnknown(result, 'constructor');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
