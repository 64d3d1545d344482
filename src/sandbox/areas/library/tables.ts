import type { DatabaseSync } from 'node:sqlite';

/**
 * Library tables: the brand's media library (owned, creator, UGC and relationship media, each with
 * its own statistics), galleries, hashtags, campaigns and what they group, and campaign ads.
 * Campaign totals are kept denormalised on `campaigns` so every list sort is an index scan.
 * Dates are ISO strings from `toISOString()` (UTC, fixed width), so text order is time order.
 */
export function createLibraryTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS media (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL REFERENCES brands(id),
      channel TEXT NOT NULL,          -- FACEBOOK, INSTAGRAM, INSTAGRAM_STORY, PINTEREST, TIKTOK, TWITTER, YOUTUBE
      origin TEXT NOT NULL,           -- OWNED, CREATOR, UGC, RELATIONSHIP
      media_type TEXT NOT NULL,       -- IMAGE, VIDEO, CAROUSEL_ALBUM, REELS, SHORTS
      creator_id INTEGER,
      image_url TEXT NOT NULL,
      published_at TEXT NOT NULL,
      impressions INTEGER NOT NULL,
      reach INTEGER NOT NULL,
      engagements INTEGER NOT NULL,
      likes INTEGER NOT NULL,
      comments INTEGER NOT NULL,
      saves INTEGER NOT NULL,
      shares INTEGER NOT NULL,
      video_views INTEGER NOT NULL,
      link_clicks INTEGER NOT NULL,
      watch_seconds INTEGER NOT NULL,
      paid_impressions INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS media_brand ON media (brand_id, published_at);

    CREATE TABLE IF NOT EXISTS galleries (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL REFERENCES brands(id),
      name TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS gallery_media (
      gallery_id INTEGER NOT NULL REFERENCES galleries(id),
      media_id INTEGER NOT NULL REFERENCES media(id),
      PRIMARY KEY (gallery_id, media_id)
    ) WITHOUT ROWID;

    CREATE TABLE IF NOT EXISTS hashtags (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL REFERENCES brands(id),
      name TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS hashtags_brand ON hashtags (brand_id);

    CREATE TABLE IF NOT EXISTS campaigns (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL REFERENCES brands(id),
      name TEXT NOT NULL,
      start_date TEXT,
      end_date TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      creator_count INTEGER NOT NULL DEFAULT 0,
      -- creator_filters.source_created_at, normalised to ISO strings (activity filter)
      creator_range_start TEXT,
      creator_range_end TEXT,
      creator_filters TEXT NOT NULL,                -- JSON
      google_analytics_selected_campaigns TEXT NOT NULL, -- JSON
      included_media_sources TEXT NOT NULL,         -- JSON
      benchmark_campaigns TEXT NOT NULL,            -- JSON array of campaign ids
      hashtag_ids TEXT NOT NULL,                    -- JSON array of hashtag ids
      topline_metrics TEXT NOT NULL,                -- JSON
      has_relationships INTEGER NOT NULL,
      has_ugc INTEGER NOT NULL,
      show_v1_facebook_metrics INTEGER NOT NULL,
      show_v1_instagram_metrics INTEGER NOT NULL,
      show_v2_facebook_metrics INTEGER NOT NULL,
      show_v2_instagram_metrics INTEGER NOT NULL,
      ttcm_orders_campaign_code TEXT,
      ttcm_orders_invite_link TEXT,
      ttcm_spark_ads_authorization_days INTEGER,
      -- totals over the campaign's media, refreshed whenever media is added
      number_of_media INTEGER NOT NULL DEFAULT 0,
      earliest_media_published_date TEXT,
      latest_media_published_date TEXT,
      avg_emv REAL NOT NULL DEFAULT 0,
      avg_engagement_rate REAL NOT NULL DEFAULT 0,
      avg_engagements REAL NOT NULL DEFAULT 0,
      total_clicks INTEGER NOT NULL DEFAULT 0,
      total_creator_likes INTEGER NOT NULL DEFAULT 0,
      total_emv REAL NOT NULL DEFAULT 0,
      total_engagements INTEGER NOT NULL DEFAULT 0,
      total_impressions INTEGER NOT NULL DEFAULT 0,
      total_video_views INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS campaigns_brand_created ON campaigns (brand_id, created_at, id);
    CREATE INDEX IF NOT EXISTS campaigns_brand_name ON campaigns (brand_id, name COLLATE NOCASE, id);

    CREATE TABLE IF NOT EXISTS campaign_creators (
      campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
      creator_id INTEGER NOT NULL,
      PRIMARY KEY (campaign_id, creator_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS campaign_creators_creator ON campaign_creators (creator_id, campaign_id);

    CREATE TABLE IF NOT EXISTS campaign_media (
      campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
      media_id INTEGER NOT NULL REFERENCES media(id),
      PRIMARY KEY (campaign_id, media_id)
    ) WITHOUT ROWID;

    CREATE TABLE IF NOT EXISTS campaign_ads (
      id INTEGER PRIMARY KEY,
      campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
      source TEXT NOT NULL,           -- META_ADS, TIKTOK_ADS
      ad_name TEXT NOT NULL,
      ad_status TEXT NOT NULL,
      media TEXT NOT NULL,            -- JSON array of {image_url, post_type, duration}
      metrics TEXT NOT NULL,          -- JSON object of numbers
      source_ad_account_id TEXT NOT NULL,
      source_ad_id TEXT NOT NULL,
      source_campaign_id TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS campaign_ads_campaign ON campaign_ads (campaign_id, source, source_campaign_id);
  `);
}
