import type { Faker } from '@faker-js/faker';
import type { SeedContext } from '../../area.ts';
import { isoSeconds } from '../../clock.ts';
import { creatorPool, refreshCampaignTotals } from './campaign-store.ts';
import { seedAds } from './seed-ads.ts';

/**
 * Seeds the library: per brand a media library (200 items x scale), galleries, hashtags and
 * 40 x scale campaigns with creators, goals, media (hence statistics) and ads. Everything is drawn
 * from the area's seeded faker in a fixed order, so the same seed gives the same library.
 */

const ownedChannels = [
  ['INSTAGRAM', 30],
  ['FACEBOOK', 15],
  ['INSTAGRAM_STORY', 10],
  ['TIKTOK', 15],
  ['TWITTER', 10],
  ['PINTEREST', 10],
  ['YOUTUBE', 10],
] as const;
const DAY = 86_400_000;

function weighted<T>(faker: Faker, items: readonly (readonly [T, number])[]): T {
  return faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight })));
}

function mediaTypeFor(faker: Faker, channel: string): string {
  if (channel === 'YOUTUBE') return faker.helpers.arrayElement(['VIDEO', 'SHORTS']);
  if (channel === 'TIKTOK') return 'VIDEO';
  if (channel === 'INSTAGRAM')
    return faker.helpers.arrayElement(['IMAGE', 'CAROUSEL_ALBUM', 'REELS', 'VIDEO']);
  return faker.helpers.arrayElement(['IMAGE', 'IMAGE', 'VIDEO']);
}

export function seedLibrary(ctx: SeedContext): void {
  const { db, faker, scale, now, brandIds } = ctx;
  const nowMs = now.getTime();
  const insertMedia =
    db.prepare(`INSERT INTO media (brand_id, channel, origin, media_type, creator_id, image_url,
      published_at, impressions, reach, engagements, likes, comments, saves, shares, video_views, link_clicks,
      watch_seconds, paid_impressions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertGallery = db.prepare('INSERT INTO galleries (brand_id, name) VALUES (?, ?)');
  const insertGalleryMedia = db.prepare(
    'INSERT OR IGNORE INTO gallery_media (gallery_id, media_id) VALUES (?, ?)',
  );
  const insertHashtag = db.prepare('INSERT INTO hashtags (brand_id, name) VALUES (?, ?)');
  const insertCampaign = db.prepare(`INSERT INTO campaigns (brand_id, name, start_date, end_date, created_at,
      updated_at, creator_count, creator_range_start, creator_range_end, creator_filters,
      google_analytics_selected_campaigns, included_media_sources, benchmark_campaigns, hashtag_ids,
      topline_metrics, has_relationships, has_ugc, show_v1_facebook_metrics, show_v1_instagram_metrics,
      show_v2_facebook_metrics, show_v2_instagram_metrics, ttcm_orders_campaign_code, ttcm_orders_invite_link,
      ttcm_spark_ads_authorization_days)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCreator = db.prepare('INSERT INTO campaign_creators (campaign_id, creator_id) VALUES (?, ?)');
  const insertCampaignMedia = db.prepare(
    'INSERT OR IGNORE INTO campaign_media (campaign_id, media_id) VALUES (?, ?)',
  );
  const insertAd =
    db.prepare(`INSERT INTO campaign_ads (campaign_id, source, ad_name, ad_status, media, metrics,
      source_ad_account_id, source_ad_id, source_campaign_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  for (const brandId of brandIds) {
    const creators = creatorPool(brandId);
    // ---- media library ----
    const byOrigin: Record<string, number[]> = { OWNED: [], CREATOR: [], UGC: [], RELATIONSHIP: [] };
    const creatorMedia = new Map<number, number[]>();
    const mediaCount = 200 * scale;
    for (let i = 0; i < mediaCount; i++) {
      const origin = weighted(faker, [
        ['OWNED', 60],
        ['CREATOR', 20],
        ['UGC', 12],
        ['RELATIONSHIP', 8],
      ] as const);
      const channel =
        origin === 'OWNED'
          ? weighted(faker, ownedChannels)
          : origin === 'CREATOR'
            ? faker.helpers.arrayElement(['INSTAGRAM', 'TIKTOK'])
            : 'INSTAGRAM';
      const mediaType = mediaTypeFor(faker, channel);
      const creatorId = origin === 'CREATOR' ? faker.helpers.arrayElement(creators) : null;
      const impressions = faker.number.int({ min: 500, max: 400_000 });
      const reach = Math.round(impressions * faker.number.float({ min: 0.55, max: 0.92 }));
      const engagements = Math.round(impressions * faker.number.float({ min: 0.005, max: 0.09 }));
      const likes = Math.round(engagements * 0.78);
      const comments = Math.round(engagements * 0.09);
      const saves = Math.round(engagements * 0.07);
      const shares = engagements - likes - comments - saves;
      const isVideo = ['VIDEO', 'REELS', 'SHORTS'].includes(mediaType);
      const videoViews = isVideo ? Math.round(impressions * faker.number.float({ min: 0.3, max: 0.8 })) : 0;
      const linkClicks = Math.round(impressions * faker.number.float({ min: 0.001, max: 0.012 }));
      const watchSeconds = isVideo ? Math.round(videoViews * faker.number.float({ min: 4, max: 28 })) : 0;
      const paid = faker.datatype.boolean(0.2)
        ? Math.round(impressions * faker.number.float({ min: 0.1, max: 0.6 }))
        : 0;
      const publishedAt = new Date(
        nowMs - faker.number.int({ min: 0, max: 720 }) * DAY - faker.number.int({ min: 0, max: DAY - 1 }),
      );
      const result = insertMedia.run(
        brandId,
        channel,
        origin,
        mediaType,
        creatorId,
        '',
        isoSeconds(publishedAt),
        impressions,
        reach,
        engagements,
        likes,
        comments,
        saves,
        shares,
        videoViews,
        linkClicks,
        watchSeconds,
        paid,
      );
      const mediaId = Number(result.lastInsertRowid);
      byOrigin[origin]!.push(mediaId);
      if (creatorId !== null) {
        const list = creatorMedia.get(creatorId) ?? [];
        list.push(mediaId);
        creatorMedia.set(creatorId, list);
      }
    }
    db.prepare(
      "UPDATE media SET image_url = 'https://media.sandbox.socialdesk.invalid/' || id || '.jpg' WHERE brand_id = ?",
    ).run(brandId);
    const allMedia = Object.values(byOrigin).flat();

    // ---- galleries and hashtags ----
    for (let g = 0; g < 6; g++) {
      const galleryId = Number(
        insertGallery.run(brandId, `${faker.word.adjective()} ${faker.word.noun()}`).lastInsertRowid,
      );
      for (const mediaId of faker.helpers.arrayElements(allMedia, { min: 4, max: 12 }))
        insertGalleryMedia.run(galleryId, mediaId);
    }
    const hashtagIds: number[] = [];
    for (let h = 0; h < 15; h++) {
      hashtagIds.push(
        Number(
          insertHashtag.run(brandId, `#${faker.word.noun()}${faker.number.int({ max: 99 })}`).lastInsertRowid,
        ),
      );
    }

    // ---- campaigns ----
    const campaignIds: number[] = [];
    const campaignCount = 40 * scale;
    for (let c = 0; c < campaignCount; c++) {
      const createdMs = nowMs - faker.number.int({ min: 1, max: 700 }) * DAY;
      const updatedMs = Math.min(nowMs, createdMs + faker.number.int({ min: 0, max: 60 }) * DAY);
      const dated = faker.datatype.boolean(0.85);
      const startMs = createdMs + faker.number.int({ min: 0, max: 30 }) * DAY;
      const endMs = startMs + faker.number.int({ min: 14, max: 150 }) * DAY;
      const startDate = dated ? new Date(startMs).toISOString().slice(0, 10) + 'T00:00:00Z' : null;
      const endDate = dated ? new Date(endMs).toISOString().slice(0, 10) + 'T23:59:59Z' : null;
      const campaignCreators = faker.datatype.boolean(0.6)
        ? faker.helpers.arrayElements(creators, { min: 1, max: 8 })
        : [];
      const ranged = campaignCreators.length > 0 && faker.datatype.boolean(0.7);
      const rangeStart = ranged ? isoSeconds(startMs) : null;
      const rangeEnd = ranged ? isoSeconds(endMs) : null;
      const hasUgc = faker.datatype.boolean(0.4);
      const hasRelationships = faker.datatype.boolean(0.3);
      const media = faker.helpers.arrayElements(byOrigin.OWNED!, { min: 3, max: 18 });
      for (const creatorId of campaignCreators)
        media.push(...faker.helpers.arrayElements(creatorMedia.get(creatorId) ?? [], { min: 0, max: 3 }));
      if (hasUgc) media.push(...faker.helpers.arrayElements(byOrigin.UGC!, { min: 1, max: 5 }));
      if (hasRelationships)
        media.push(...faker.helpers.arrayElements(byOrigin.RELATIONSHIP!, { min: 1, max: 4 }));
      const excluded =
        campaignCreators.length > 0 && faker.datatype.boolean(0.3)
          ? faker.helpers.arrayElements(allMedia, 2)
          : [];
      const creatorFilters = {
        excluded_media_ids: excluded,
        included_media_ids: [],
        source_created_at: { start: rangeStart, end: rangeEnd },
      };
      const goal = (min: number, max: number) =>
        faker.datatype.boolean(0.75) ? faker.number.int({ min, max }) * 100 : null;
      const topline = {
        CREATOR_SUMMARY:
          campaignCreators.length > 0
            ? [{ metric: 'TOTAL_ENGAGEMENTS', source: 'creator_insights', goal: goal(50, 900) }]
            : [],
        OWNED_SUMMARY: [
          {
            id: 1,
            metric: 'ENGAGEMENTS',
            source: 'campaign_stats',
            aggregation: 'SUM',
            goal: goal(100, 2000),
          },
          {
            id: 2,
            metric: 'IMPRESSIONS',
            source: 'campaign_stats',
            aggregation: 'SUM',
            goal: goal(10_000, 90_000),
          },
        ],
        SOCIAL_ADS_SUMMARY: [{ metric: 'TOTAL_SPENT', source: 'dashboards', goal: goal(10, 500) }],
      };
      const tiktokShop = faker.datatype.boolean(0.2);
      const season = faker.helpers.arrayElement([
        'Spring',
        'Summer',
        'Autumn',
        'Winter',
        'Holiday',
        'Back to School',
        'Launch',
        'Always-on',
      ]);
      const name = `${season} ${faker.commerce.productAdjective()} ${faker.commerce.product()} ${new Date(startMs).getUTCFullYear()}`;
      const result = insertCampaign.run(
        brandId,
        name,
        startDate,
        endDate,
        isoSeconds(createdMs),
        isoSeconds(updatedMs),
        campaignCreators.length,
        rangeStart,
        rangeEnd,
        JSON.stringify(creatorFilters),
        JSON.stringify(
          faker.datatype.boolean(0.3) ? [`${season.toLowerCase().replace(/\W+/g, '_')}_${c}`] : [],
        ),
        JSON.stringify(
          faker.helpers.arrayElements(
            ['INSTAGRAM', 'FACEBOOK', 'TIKTOK', 'TWITTER', 'PINTEREST', 'YOUTUBE'],
            { min: 1, max: 4 },
          ),
        ),
        JSON.stringify(
          campaignIds.length > 0 && faker.datatype.boolean(0.2)
            ? faker.helpers.arrayElements(campaignIds, { min: 1, max: 2 })
            : [],
        ),
        JSON.stringify(faker.helpers.arrayElements(hashtagIds, { min: 0, max: 3 })),
        JSON.stringify(topline),
        hasRelationships ? 1 : 0,
        hasUgc ? 1 : 0,
        faker.datatype.boolean(0.3) ? 1 : 0,
        faker.datatype.boolean(0.3) ? 1 : 0,
        1,
        1,
        tiktokShop ? `TTCM${faker.string.alphanumeric({ length: 8, casing: 'upper' })}` : null,
        tiktokShop ? `https://affiliate.tiktok.invalid/invite/${faker.string.alphanumeric(12)}` : null,
        tiktokShop ? faker.helpers.arrayElement([7, 14, 30, 60]) : null,
      );
      const campaignId = Number(result.lastInsertRowid);
      campaignIds.push(campaignId);
      for (const creatorId of campaignCreators) insertCreator.run(campaignId, creatorId);
      for (const mediaId of media) insertCampaignMedia.run(campaignId, mediaId);
      seedAds(faker, campaignId, brandId, insertAd.run.bind(insertAd));
      refreshCampaignTotals(db, campaignId);
    }
  }
}
