import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema, reportDataSchema } from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/**
 * interface.md (Limits) asks for at least one value each of channels, metrics and brand_ids on
 * GET|PUT /reports/data: a request without one is a 422 naming it, rather than a report of a
 * channel, metrics or brands the client never chose.
 */
describe('dashboard: channels, metrics and brand_ids are required', () => {
  let sb: TestSandbox;
  let full: Record<string, string>;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-03-01T12:00:00Z' });
    full = {
      report_type: 'CONTENT',
      channels: 'INSTAGRAM',
      metrics: 'IMPRESSIONS',
      brand_ids: String(sb.brands[0]),
      limit: '3',
    };
  });
  afterAll(() => sb.close());

  const without = (query: Record<string, string>, ...names: string[]) =>
    Object.fromEntries(Object.entries(query).filter(([name]) => !names.includes(name)));

  it('answers a request with all three', async () => {
    for (const method of ['GET', 'PUT']) {
      const result = await sb.call(method, '/dashboard/reports/data', {
        query: full,
        body: method === 'PUT' ? {} : undefined,
      });
      expect(result.status, result.text).toBe(200);
      expect(reportDataSchema.parse(result.body).data).toHaveLength(3);
    }
  });

  it.each(['GET', 'PUT'])('%s without one of them is a 422 naming it', async (method) => {
    for (const name of ['channels', 'metrics', 'brand_ids']) {
      const result = await sb.call(method, '/dashboard/reports/data', {
        query: without(full, name),
        body: method === 'PUT' ? {} : undefined,
      });
      expect(result.status, `${method} without ${name}: ${result.text}`).toBe(422);
      const error = errorObjectSchema.parse(result.body);
      expect(error.errors).toEqual({ [name]: ['Required.'] });
      expect(error.message).toContain(`${name}: Required.`);
    }
  });

  it('names every one that is missing at once', async () => {
    const result = await sb.call('GET', '/dashboard/reports/data', {
      query: without(full, 'channels', 'metrics', 'brand_ids'),
    });
    expect(result.status).toBe(422);
    expect(Object.keys(errorObjectSchema.parse(result.body).errors).sort()).toEqual([
      'brand_ids',
      'channels',
      'metrics',
    ]);
  });
});
