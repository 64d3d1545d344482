import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorObjectSchema,
  interactionTagListSchema,
  interactionTagResponseSchema,
  TAG_COLOR_PATTERN,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

/** Ops 14 and 15: POST /tags and GET /tags?brand_ids=. */
describe('community: interaction tags', () => {
  let sb: TestSandbox;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startCommunitySandbox({ now, rateLimit: 100_000 });
  });
  afterAll(() => sb.close());

  const listTags = async (brandIds: number[]) => {
    const result = await sb.call('GET', '/community/tags', { query: { brand_ids: brandIds.join(',') } });
    expect(result.status).toBe(200);
    return interactionTagListSchema.parse(result.body).data;
  };
  const expectError = (result: { status: number; body: unknown }, status: number, field?: string) => {
    expect(result.status).toBe(status);
    const error = errorObjectSchema.parse(result.body);
    if (field)
      expect(Object.keys(error.errors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(
        true,
      );
  };

  it('lists about a dozen colored tags per brand, only of the brands asked for', async () => {
    const [first, second] = sb.brands as [number, number];
    const one = await listTags([first]);
    expect(one).toHaveLength(12);
    expect(one.every((tag) => tag.brand_id === first && TAG_COLOR_PATTERN.test(tag.color ?? ''))).toBe(true);
    const both = await listTags([first, second]);
    expect(both).toHaveLength(24);
    expect(new Set(both.map((tag) => tag.brand_id))).toEqual(new Set([first, second]));
  });

  it('creates a tag (201 {data}) with a random #RRGGBB color, or the color sent', async () => {
    const brand = sb.brands[0]!;
    const created = await sb.call('POST', '/community/tags', {
      body: { brand_id: brand, name: 'Launch week' },
    });
    expect(created.status).toBe(201);
    const tag = interactionTagResponseSchema.parse(created.body).data;
    expect(tag).toMatchObject({ brand_id: brand, name: 'Launch week', created_at: now, updated_at: now });
    expect(tag.color).toMatch(TAG_COLOR_PATTERN);
    const colored = await sb.call('POST', '/community/tags', {
      body: { brand_id: brand, name: 'Teal', color: '#00aa99' },
    });
    expect(colored.body.data.color).toBe('#00aa99');
    expect((await listTags([brand])).map((item) => item.id)).toEqual(
      expect.arrayContaining([tag.id, colored.body.data.id]),
    );
  });

  it('answers 409 for a name already used in that brand (any case), not in another brand', async () => {
    const [first, second] = sb.brands as [number, number];
    expect(
      (await sb.call('POST', '/community/tags', { body: { brand_id: first, name: 'Crisis' } })).status,
    ).toBe(201);
    expectError(
      await sb.call('POST', '/community/tags', { body: { brand_id: first, name: 'crisis' } }),
      409,
      'name',
    );
    expect(
      (await sb.call('POST', '/community/tags', { body: { brand_id: second, name: 'Crisis' } })).status,
    ).toBe(201);
  });

  it('validates the body (422) and checks the brand (403, 404)', async () => {
    const brand = sb.brands[0]!;
    expectError(
      await sb.call('POST', '/community/tags', { body: { brand_id: brand, name: '' } }),
      422,
      'name',
    );
    expectError(
      await sb.call('POST', '/community/tags', { body: { brand_id: brand, name: 'x'.repeat(65) } }),
      422,
      'name',
    );
    expect(
      (await sb.call('POST', '/community/tags', { body: { brand_id: brand, name: 'y'.repeat(64) } })).status,
    ).toBe(201);
    expectError(
      await sb.call('POST', '/community/tags', { body: { brand_id: brand, name: 'Red', color: 'red' } }),
      422,
      'color',
    );
    expectError(await sb.call('POST', '/community/tags', { body: { name: 'No brand' } }), 422, 'brand_id');
    expectError(
      await sb.call('POST', '/community/tags', { body: { brand_id: brand, name: 'A', id: 3 } }),
      422,
      'id',
    );
    expectError(
      await sb.call('POST', '/community/tags', { body: { brand_id: sb.sandbox.foreignBrand, name: 'A' } }),
      403,
    );
    expectError(await sb.call('POST', '/community/tags', { body: { brand_id: 424242, name: 'A' } }), 403);
    expectError(
      await sb.call('GET', '/community/tags', {
        query: { brand_ids: `${brand},${sb.sandbox.foreignBrand}` },
      }),
      403,
    );
    expectError(await sb.call('GET', '/community/tags'), 422, 'brand_ids');
    expectError(await sb.call('GET', '/community/tags', { query: { brand_ids: 'a,b' } }), 422, 'brand_ids');
  });

  it('answers 401 without a token and 405 for a wrong method', async () => {
    expectError(await sb.call('GET', '/community/tags', { token: null, query: { brand_ids: '101' } }), 401);
    expectError(await sb.call('DELETE', '/community/tags'), 405);
  });
});
