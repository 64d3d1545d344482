import type { Faker } from '@faker-js/faker';

/**
 * A campaign's ads: about half the campaigns run Meta ads, a third TikTok ads, each in one to
 * three ad campaigns of a few ads, with the metrics the ads search sorts by.
 */

export type InsertAd = (...values: (string | number | null)[]) => unknown;

export function seedAds(faker: Faker, campaignId: number, brandId: number, insertAd: InsertAd): void {
  for (const source of ['META_ADS', 'TIKTOK_ADS'] as const) {
    if (!faker.datatype.boolean(source === 'META_ADS' ? 0.55 : 0.35)) continue;
    const account =
      source === 'META_ADS' ? `act_${brandId}${faker.string.numeric(9)}` : faker.string.numeric(19);
    const adCampaigns = faker.number.int({ min: 1, max: 3 });
    for (let a = 0; a < adCampaigns; a++) {
      const sourceCampaignId = faker.string.numeric(source === 'META_ADS' ? 17 : 19);
      const ads = faker.number.int({ min: 2, max: 9 });
      for (let i = 0; i < ads; i++) {
        const impressions = faker.number.int({ min: 1000, max: 900_000 });
        const clicks = Math.round(impressions * faker.number.float({ min: 0.002, max: 0.03 }));
        const spend = Math.round(impressions * faker.number.float({ min: 0.002, max: 0.012 }) * 100) / 100;
        const video = faker.datatype.boolean(source === 'TIKTOK_ADS' ? 0.95 : 0.5);
        const metrics = {
          spend,
          impressions,
          reach: Math.round(impressions * faker.number.float({ min: 0.5, max: 0.9 })),
          clicks,
          ctr: Math.round((clicks / impressions) * 10_000) / 10_000,
          cpc: clicks > 0 ? Math.round((spend / clicks) * 100) / 100 : 0,
          cpm: Math.round((spend / impressions) * 1000 * 100) / 100,
          video_views: video ? Math.round(impressions * faker.number.float({ min: 0.2, max: 0.7 })) : 0,
          engagements: Math.round(impressions * faker.number.float({ min: 0.004, max: 0.05 })),
          conversions: Math.round(clicks * faker.number.float({ min: 0, max: 0.2 })),
        };
        const media = [
          {
            image_url: `https://ads.sandbox.socialdesk.invalid/${sourceCampaignId}/${i}.jpg`,
            post_type: video ? 'VIDEO' : faker.helpers.arrayElement(['IMAGE', 'CAROUSEL']),
            duration: video ? faker.number.int({ min: 6, max: 60 }) : 0,
          },
        ];
        insertAd(
          campaignId,
          source,
          `${faker.commerce.productAdjective()} ${faker.commerce.product()} - ${faker.helpers.arrayElement(['Prospecting', 'Retargeting', 'Awareness', 'Conversions'])}`,
          faker.helpers.weightedArrayElement([
            { value: 'ACTIVE', weight: 5 },
            { value: 'PAUSED', weight: 3 },
            { value: 'ARCHIVED', weight: 1 },
          ]),
          JSON.stringify(media),
          JSON.stringify(metrics),
          account,
          faker.string.numeric(source === 'META_ADS' ? 17 : 19),
          sourceCampaignId,
        );
      }
    }
  }
}
