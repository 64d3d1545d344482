import type { InboxItem, InboxSentiment } from '../../../../shared/contract/index.ts';

export interface TagLook {
  name: string;
  color: string | null | undefined;
}

/** A sentiment in words: the filter, the detail pane's flag and the insights donut say it alike. */
export const sentimentLabels: Readonly<Record<InboxSentiment, string>> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** The sentiment the service found, or null when it gave none. */
export function sentimentOf(item: InboxItem): InboxSentiment | null {
  const s = item.sentiment;
  if (!s) return null;
  if (s.is_negative) return 'negative';
  if (s.is_positive) return 'positive';
  if (s.is_neutral) return 'neutral';
  return null;
}

/** The text a row shows: the search snippet when searched, else the text, else the last message. */
type Message = { text?: string | null; author_username?: string | null; is_from_brand?: boolean | null };

function messagesOf(item: InboxItem): Message[] {
  const messages = (item as { messages?: unknown }).messages;
  return Array.isArray(messages) ? (messages as Message[]) : [];
}

export function textOf(item: InboxItem): string {
  if (item.search_result_snippet) return item.search_result_snippet;
  if (typeof item.text === 'string' && item.text) return item.text;
  return messagesOf(item).at(-1)?.text ?? '';
}

export function authorOf(item: InboxItem): string {
  const handle = item.author_username ?? (item as { tiktok_username?: string | null }).tiktok_username;
  if (typeof handle === 'string' && handle) return handle;
  return messagesOf(item).find((m) => !m.is_from_brand)?.author_username ?? 'Unknown author';
}

export function thumbnailOf(item: InboxItem): string | null {
  return item.post_thumbnail_url ?? item.post_media?.image_sizes?.default ?? null;
}

/** The words a search marks: the keywords of a keyword list, else each word of the text. */
export function searchTokens(text: string | undefined, keywordList = false): string[] {
  if (!text) return [];
  const raw = keywordList ? text.split(',') : (text.match(/[\p{L}\p{N}]+/gu) ?? []);
  return [...new Set(raw.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

/** The text cut where the search words occur, each piece saying whether it is one of them. */
export function markTokens(text: string, tokens: readonly string[]): { text: string; marked: boolean }[] {
  if (tokens.length === 0 || text === '') return [{ text, marked: false }];
  const escaped = [...tokens]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, marked: tokens.includes(piece.toLowerCase()) }));
}

const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const yearFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "now", "12 min ago", "3 h ago", "2 d ago", then the date. */
export function relativeTime(iso: string | null | undefined, now: number): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  const date = new Date(at);
  return date.getFullYear() === new Date(now).getFullYear()
    ? dayFormat.format(date)
    : yearFormat.format(date);
}

export function exactTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : exactFormat.format(new Date(at));
}

/** When the row's interaction last changed at its source (the list's sort), else when it came. */
export function timeOf(item: InboxItem): string {
  return item.source_updated_at ?? item.created_at;
}
