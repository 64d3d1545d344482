import type { CampaignView } from '../../../../shared/contract/index.ts';

/**
 * The period a campaign's page reads its figures for: the headline figures, the goals' progress
 * and the statistics all come from one statistics overview, asked for this one period, so they
 * always agree, and the page says which period it is.
 */
export type CampaignPeriod =
  | { kind: 'all' }
  | { kind: 'campaign' }
  | { kind: 'last'; days: 7 | 30 | 90 }
  | { kind: 'custom'; from: string; to: string };

/** Whole days, YYYY-MM-DD, as the statistics take them; null is every medium of the campaign. */
export type DayRange = { from: string; to: string } | null;

export const periodChoices: { label: string; period: CampaignPeriod }[] = [
  { label: 'All time', period: { kind: 'all' } },
  { label: 'Campaign dates', period: { kind: 'campaign' } },
  { label: 'Last 7 days', period: { kind: 'last', days: 7 } },
  { label: 'Last 30 days', period: { kind: 'last', days: 30 } },
  { label: 'Last 90 days', period: { kind: 'last', days: 90 } },
];

const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

/** `day` moved by `days` whole days (YYYY-MM-DD, calendar arithmetic in UTC, so no zone shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The campaign's own dates, when it has both. */
export function campaignDays(campaign: CampaignView | undefined): DayRange {
  const from = dayOf(campaign?.start_date);
  const to = dayOf(campaign?.end_date);
  return from && to ? { from, to } : null;
}

/**
 * The days a period covers, `today` being the person's calendar day: "Last 30 days" is today
 * and the 29 days before it. Campaign dates fall back to all time for a campaign without both.
 */
export function periodDays(
  period: CampaignPeriod,
  today: string,
  campaign: CampaignView | undefined,
): DayRange {
  switch (period.kind) {
    case 'all':
      return null;
    case 'campaign':
      return campaignDays(campaign);
    case 'last':
      return { from: addDays(today, 1 - period.days), to: today };
    case 'custom':
      return { from: period.from, to: period.to };
  }
}

const dayFormat = (withYear: boolean) =>
  new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/** "1 Oct – 30 Oct 2026"; the year once when both days share it. */
export function formatDays(from: string, to: string): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${dayFormat(!sameYear).format(start)} – ${dayFormat(true).format(end)}`;
}

/**
 * What the page says its figures are for: "Last 30 days · 1 Oct – 30 Oct 2026", "Campaign dates ·
 * 1 Mar – 30 Apr 2026", "All time · 3 Mar – 28 Oct 2026" (the media's first and last days, when
 * the campaign names them), or the days alone for a range picked by hand.
 */
export function periodLabel(
  period: CampaignPeriod,
  today: string,
  campaign: CampaignView | undefined,
): string {
  const days = periodDays(period, today, campaign);
  if (period.kind === 'custom') return formatDays(period.from, period.to);
  const name =
    period.kind === 'campaign' && days === null
      ? 'All time (the campaign has no dates)'
      : (periodChoices.find((choice) => samePeriod(choice.period, period))?.label ?? 'All time');
  if (days) return `${name} · ${formatDays(days.from, days.to)}`;
  const first = dayOf(campaign?.earliest_media_published_date);
  const last = dayOf(campaign?.latest_media_published_date);
  return first && last ? `${name} · ${formatDays(first, last)}` : name;
}

export function samePeriod(a: CampaignPeriod, b: CampaignPeriod): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The person's calendar day, YYYY-MM-DD in their zone. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
