import type { CampaignSort } from '../../../shared/domain/index.ts';

type SortField = CampaignSort extends `-${infer F}` ? F : never;

/** The fields of a campaign row the list's sorts read. */
export interface OrderedCampaign {
  id: number;
  name: string;
  created_at?: string | null;
  number_of_media?: number | null;
  avg_engagements?: number | null;
  avg_engagement_rate?: number | null;
  avg_emv?: number | null;
  total_creator_likes?: number | null;
  total_engagements?: number | null;
  total_emv?: number | null;
  total_clicks?: number | null;
  total_impressions?: number | null;
  total_video_views?: number | null;
}

const numberFields: Record<Exclude<SortField, 'CREATED' | 'NAME'>, keyof OrderedCampaign> = {
  NUMBER_OF_MEDIA: 'number_of_media',
  AVG_ENGAGEMENTS: 'avg_engagements',
  AVG_ENGAGEMENT_RATE: 'avg_engagement_rate',
  AVG_EMV: 'avg_emv',
  TOTAL_CREATOR_LIKES: 'total_creator_likes',
  TOTAL_ENGAGEMENTS: 'total_engagements',
  TOTAL_EMV: 'total_emv',
  TOTAL_CLICKS: 'total_clicks',
  TOTAL_IMPRESSIONS: 'total_impressions',
  TOTAL_VIDEO_VIEWS: 'total_video_views',
};

/** A missing figure sorts as the smallest, as a database puts NULL first in ascending order. */
const numberOf = (value: unknown) => (typeof value === 'number' ? value : -Infinity);
const timeOf = (value: string | null | undefined) => (value ? Date.parse(value) : -Infinity);

/**
 * The campaigns list's order between two campaigns of different brands, as the service orders one
 * brand's list (newest first by default): by the sort's field, names without regard to case, then
 * by id in the same direction.
 */
export function campaignOrder(
  sort: CampaignSort | undefined,
): (a: OrderedCampaign, b: OrderedCampaign) => number {
  const wanted = sort ?? '-CREATED';
  const direction = wanted.startsWith('-') ? -1 : 1;
  const field = wanted.replace(/^-/, '') as SortField;
  const byField = (a: OrderedCampaign, b: OrderedCampaign): number => {
    if (field === 'CREATED') return timeOf(a.created_at) - timeOf(b.created_at);
    if (field === 'NAME') {
      const left = a.name.toLowerCase();
      const right = b.name.toLowerCase();
      return left < right ? -1 : left > right ? 1 : 0;
    }
    const key = numberFields[field];
    return numberOf(a[key]) - numberOf(b[key]);
  };
  return (a, b) => direction * (byField(a, b) || a.id - b.id);
}
