import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignListSchema,
  campaignSchema,
  campaignUpdateSchema,
  type Campaign,
} from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';
import { nullKeys, requestFromRead } from '../request-from-read.ts';

/**
 * Conventions §3: in a request, `null` for a field that reads as null means "no value" and is
 * accepted, so a client can send back what it read. The client this guards: it reads a campaign,
 * edits one field and PUTs the form back; a null it read (ttcm_spark_ads_authorization_days, the
 * dates of an undated campaign) must not make the PUT a 422.
 */

describe('library: a campaign PUT back as it was read', () => {
  let sb: TestSandbox;
  let campaigns: Campaign[];

  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-06-15T12:00:00Z' });
    campaigns = [];
    for (const brand of sb.brands) {
      const list = await sb.call('GET', `/library/brands/${brand}/campaigns`, { query: { limit: 1000 } });
      campaigns.push(...campaignListSchema.parse(list.body).data.map((item) => campaignSchema.parse(item)));
    }
  });
  afterAll(() => sb.close());

  const put = (campaign: Campaign, body: unknown) =>
    sb.call('PUT', `/library/brands/${campaign.brand_id}/campaigns/${campaign.id}`, { body });

  it('is accepted for every seeded campaign, nulls included, and changes nothing but updated_at', async () => {
    const nulls = new Set<string>();
    for (const campaign of campaigns) {
      const body = requestFromRead(campaignUpdateSchema, campaign) as Record<string, unknown>;
      for (const key of nullKeys(body)) nulls.add(key);
      const result = await put(campaign, body);
      expect(result.status, `campaign ${campaign.id}: ${result.text}`).toBe(200);
      // Everything as read but updated_at, which the PUT sets.
      const answer = campaignSchema.parse(result.body);
      expect(answer, `campaign ${campaign.id}`).toEqual({ ...campaign, updated_at: answer.updated_at });
    }
    // The seed has what this is about: fields that read as null.
    expect([...nulls].sort()).toEqual(['end_date', 'start_date', 'ttcm_spark_ads_authorization_days']);
  });

  it('takes null as "no value": the field then reads as null', async () => {
    const dated = campaigns.find(
      (campaign) => campaign.start_date && campaign.end_date && campaign.ttcm_spark_ads_authorization_days,
    )!;
    const result = await put(dated, {
      start_date: null,
      end_date: null,
      ttcm_spark_ads_authorization_days: null,
    });
    expect(result.status, result.text).toBe(200);
    expect(campaignSchema.parse(result.body)).toMatchObject({
      start_date: null,
      end_date: null,
      ttcm_spark_ads_authorization_days: null,
    });
    const omitted = await put(dated, { name: dated.name });
    expect(campaignSchema.parse(omitted.body)).toMatchObject({ start_date: null, end_date: null });
  });

  it('still refuses null for a field that never reads as null', async () => {
    const result = await put(campaigns[0]!, { name: null });
    expect(result.status).toBe(422);
    expect(Object.keys((result.body as { errors: object }).errors)).toEqual(['name']);
  });
});
