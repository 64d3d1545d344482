import type { MediaLookup, composerCalls } from '../../../shared/contract/index.ts';
import { schedulerChannels, type SchedulerChannel } from '../../../shared/domain/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { CallContext, HandlerMap } from '../dispatch.ts';
import { workingDraftOfPost } from '../drafts/draft-store.ts';
import { writableFields } from '../drafts/post-fields.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';

/** Posts read per channel when a brand's media are looked for: its latest, most likely reused. */
const SCAN_LIMIT = 100;
/** An id not found is looked for again on the service at most this often per brand. */
const RESCAN_MS = 60_000;

type SeenMedia = Omit<MediaLookup, 'id' | 'found'>;

interface BrandMedia {
  media: Map<number, SeenMedia>;
  scannedAt: number | undefined;
}

/**
 * What the composer reads beyond the drafts: a post opened for editing, and the media behind ids.
 *
 * The interface reads no media library; the one place media show is a post read with
 * `resolve_references` (its `media`, beside its `media_ids`). So every such read notes, per
 * profile and brand, how each media id looks; an id not noted yet makes main read the brand's
 * latest posts of each channel that way once (again at most once a minute while ids stay
 * unknown), and an id still not among them is "not found on this brand".
 */
export function createComposerReads(deps: {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  databases: Pick<ProfileDatabases, 'open'>;
  now?: () => number;
}): HandlerMap<Pick<typeof composerCalls, 'media:lookup' | 'posts:open'>> {
  const now = deps.now ?? Date.now;
  const seen = new Map<string, Map<number, BrandMedia>>();

  function brandMedia(profileId: string, brandId: number): BrandMedia {
    let brands = seen.get(profileId);
    if (!brands) seen.set(profileId, (brands = new Map()));
    let brand = brands.get(brandId);
    if (!brand) brands.set(brandId, (brand = { media: new Map(), scannedAt: undefined }));
    return brand;
  }

  /** Notes the media a post read with `resolve_references` carries (its replies' too). */
  function note(profileId: string, post: Record<string, unknown>): void {
    if (typeof post.brand_id !== 'number') return;
    const brand = brandMedia(profileId, post.brand_id);
    const items = [post, ...(Array.isArray(post.replies) ? (post.replies as Record<string, unknown>[]) : [])];
    for (const item of items) {
      for (const media of Array.isArray(item.media) ? item.media : []) noteOne(brand, media);
    }
    noteOne(brand, post.cover_image_media);
  }

  async function scan(profileId: string, brandId: number, context: CallContext): Promise<void> {
    const { scheduler } = deps.clients.active();
    const pages = await Promise.all(
      schedulerChannels.map((channel: SchedulerChannel) =>
        scheduler.list(
          channel,
          { brand_id: brandId, resolve_references: true, limit: SCAN_LIMIT, sort: '-UPDATED_AT' },
          { signal: context.signal, lane: context.lane },
        ),
      ),
    );
    for (const page of pages) for (const post of page.data) note(profileId, post as Record<string, unknown>);
    brandMedia(profileId, brandId).scannedAt = now();
  }

  function profileId(): string {
    const active = deps.profiles.active();
    if (!active) throw noActiveProfile();
    return active.id;
  }

  return {
    'media:lookup': async ({ brandId, mediaIds }, context) => {
      const profile = profileId();
      const brand = brandMedia(profile, brandId);
      const unknown = mediaIds.some((id) => !brand.media.has(id));
      if (unknown && (brand.scannedAt === undefined || now() - brand.scannedAt >= RESCAN_MS)) {
        await scan(profile, brandId, context);
      }
      return {
        items: mediaIds.map((id) => {
          const media = brand.media.get(id);
          return media ? { id, found: true, ...media } : { id, found: false, kind: null, thumbnailUrl: null };
        }),
      };
    },

    'posts:open': async ({ channel, postId }, context) => {
      const profile = profileId();
      const working = workingDraftOfPost(deps.databases.open(profile), channel, postId);
      if (working) return { draftId: working.id, post: null, fields: null };
      const { scheduler } = deps.clients.active();
      const post = (await scheduler.get(
        channel,
        postId,
        { resolve_references: true },
        { signal: context.signal, lane: context.lane },
      )) as Record<string, unknown> & { id: number; updated_at: string };
      note(profile, post);
      return { draftId: null, post, fields: writableFields(channel, post) };
    },
  };
}

/** One media object as the service resolved it; its contents are not in the interface, so read leniently. */
function noteOne(brand: BrandMedia, media: unknown): void {
  if (typeof media !== 'object' || media === null) return;
  const item = media as Record<string, unknown>;
  if (typeof item.id !== 'number') return;
  const type = String(item.type ?? item.media_type ?? '').toUpperCase();
  const thumbnail = [item.thumbnail_url, item.image_url, item.url].find(
    (url): url is string => typeof url === 'string' && /^https:\/\//.test(url),
  );
  brand.media.set(item.id, {
    kind: /VIDEO|REEL|SHORT/.test(type) ? 'video' : 'image',
    thumbnailUrl: thumbnail ?? null,
  });
}
