import twitterText from 'twitter-text';
import type { DraftFields } from '../../../../../../shared/contract/index.ts';
import { numberingOf, threadParts, type SchedulerChannel } from '../../../../../../shared/domain/index.ts';

/**
 * A post as its network will show it, worked out from the draft's fields: its text cut into
 * plain runs, links, @mentions, #hashtags (twitter-text's extractors find them, as X does; the
 * other networks mark the same things), the link a card is made for, its media, and an X
 * thread's parts with their numbering. Pure, so the preview's rules are tested without a screen.
 */

export type SegmentKind = 'text' | 'link' | 'mention' | 'hashtag' | 'cashtag';

export interface Segment {
  kind: SegmentKind;
  text: string;
}

/** The card a network draws for a link: the service unfurls nothing, so host and address only. */
export interface LinkCard {
  host: string;
  url: string;
}

/** A media of the post: its thumbnail once the composer has resolved it, else its id alone. */
export interface PreviewMedia {
  id: number;
  thumbnailUrl?: string | null;
  alt?: string | null;
}

export interface PreviewPart {
  segments: Segment[];
  /** " 2/3" as it will be posted after the text (X with numbering on); '' otherwise. */
  numbering: string;
  /** "2/3": the part's place in a thread of more than one; '' for a single post. */
  place: string;
  card: LinkCard | null;
  media: PreviewMedia[];
}

export interface PostPreview {
  channel: SchedulerChannel;
  parts: PreviewPart[];
  /** Instagram's first comment; null where there is none. */
  firstComment: Segment[] | null;
  /** Nothing written and no media yet. */
  empty: boolean;
}

/** The text cut into runs: every link, mention, hashtag and cashtag its own, in order. */
export function segmentsOf(text: string, options: { links?: boolean } = {}): Segment[] {
  const links = options.links ?? true;
  const segments: Segment[] = [];
  let at = 0;
  const push = (kind: SegmentKind, part: string) => {
    if (!part) return;
    const last = segments.at(-1);
    if (kind === 'text' && last?.kind === 'text') last.text += part;
    else segments.push({ kind, text: part });
  };
  for (const entity of twitterText.extractEntitiesWithIndices(text)) {
    const [start, end] = entity.indices;
    push('text', text.slice(at, start));
    const kind: SegmentKind =
      'url' in entity
        ? links
          ? 'link'
          : 'text'
        : 'hashtag' in entity
          ? 'hashtag'
          : 'cashtag' in entity
            ? 'cashtag'
            : 'mention';
    push(kind, text.slice(start, end));
    at = end;
  }
  push('text', text.slice(at));
  return segments;
}

/** The card for an address as written ("example.com/a" or "https://…"); null when it is none. */
export function linkCardOf(address: string): LinkCard | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    if (!url.hostname.includes('.')) return null;
    return { host: url.hostname.replace(/^www\./, ''), url: trimmed };
  } catch {
    return null;
  }
}

/** The links of a text, in order. */
export function linksOf(text: string): string[] {
  return twitterText.extractUrls(text);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

/** The post's media: as the composer resolved them where it has, else tiles with their ids. */
function mediaOf(
  mediaIds: number[],
  resolved: readonly PreviewMedia[] | undefined,
  alts: unknown,
): PreviewMedia[] {
  const altOf = (alts ?? {}) as Record<string, unknown>;
  return mediaIds.map((id) => {
    const known = resolved?.find((media) => media.id === id);
    return {
      id,
      thumbnailUrl: known?.thumbnailUrl ?? null,
      alt: known?.alt ?? (str(altOf[String(id)]) || null),
    };
  });
}

/**
 * The preview of a draft of this channel. A card is drawn for the link a network would unfurl:
 * Threads' link field or its text's first link, LinkedIn's first, X's last of each part;
 * Instagram makes no link clickable, so its links stay plain text and get no card.
 */
export function previewOf(
  channel: SchedulerChannel,
  fields: DraftFields,
  media?: readonly PreviewMedia[],
): PostPreview {
  const postMedia = mediaOf(ids(fields.media_ids), media, fields.alt_text_media_map);
  const single = (text: string, card: LinkCard | null, links = true): PreviewPart => ({
    segments: segmentsOf(text, { links }),
    numbering: '',
    place: '',
    card,
    media: postMedia,
  });
  let parts: PreviewPart[];
  let firstComment: Segment[] | null = null;
  switch (channel) {
    case 'threads': {
      const text = str(fields.text);
      parts = [single(text, linkCardOf(str(fields.link)) ?? firstCard(linksOf(text)))];
      break;
    }
    case 'linkedin': {
      const text = str(fields.text);
      parts = [single(text, firstCard(linksOf(text)))];
      break;
    }
    case 'instagram': {
      parts = [single(str(fields.caption), null, false)];
      const comment = str(fields.first_comment);
      firstComment = comment.trim() ? segmentsOf(comment, { links: false }) : null;
      break;
    }
    case 'twitter': {
      const texts = threadParts(fields);
      const replies = Array.isArray(fields.replies) ? (fields.replies as Array<{ media_ids?: unknown }>) : [];
      parts = texts.map((text, index) => ({
        segments: segmentsOf(text),
        numbering: numberingOf(fields, index, texts.length),
        place: texts.length > 1 ? `${index + 1}/${texts.length}` : '',
        card: firstCard(linksOf(text).reverse()),
        media: index === 0 ? postMedia : mediaOf(ids(replies[index - 1]?.media_ids), media, undefined),
      }));
      break;
    }
    case 'snapchat':
      parts = [{ segments: [], numbering: '', place: '', card: null, media: postMedia }];
      break;
  }
  const written = parts.some((part) => part.segments.some((s) => s.text.trim()) || part.media.length > 0);
  return { channel, parts, firstComment, empty: !written && firstComment === null };
}

function firstCard(links: string[]): LinkCard | null {
  for (const link of links) {
    const card = linkCardOf(link);
    if (card) return card;
  }
  return null;
}
