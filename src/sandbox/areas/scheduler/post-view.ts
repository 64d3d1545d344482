import type { StoredPost } from './post-store.ts';

/**
 * A stored post as the client sees it: the computed subtitle_upload_status on the post and on
 * each Twitter reply, and, with resolve_references, the media objects behind `media_ids` (and an
 * Instagram post's cover image). Without it `media` is left out: the ids are there, the objects
 * were not asked for.
 */

type Body = Record<string, unknown>;

/**
 * The library object of a media id. The sandbox has no media library of its own, so every id
 * resolves to a stable description derived from the id: the same id always looks the same.
 */
export function mediaObject(id: number): Body {
  const isVideo = id % 3 === 0;
  const [width, height] = id % 2 === 0 ? [1080, 1350] : [1080, 1080];
  return {
    id,
    type: isVideo ? 'VIDEO' : 'IMAGE',
    url: `https://media.sandbox.socialdesk.invalid/${id}.${isVideo ? 'mp4' : 'jpg'}`,
    thumbnail_url: `https://media.sandbox.socialdesk.invalid/${id}_thumb.jpg`,
    width,
    height,
    duration: isVideo ? 5 + (id % 55) : null,
  };
}

function subtitleStatus(item: Body): 'SUCCESS' | 'FAILED' {
  return typeof item.subtitle_error_message === 'string' && item.subtitle_error_message !== ''
    ? 'FAILED'
    : 'SUCCESS';
}

function view(item: Body, resolve: boolean): Body {
  const out: Body = { ...item, subtitle_upload_status: subtitleStatus(item) };
  if (resolve) out.media = ((item.media_ids as number[] | undefined) ?? []).map(mediaObject);
  return out;
}

export function renderPost(post: StoredPost, resolve: boolean): Body {
  const out = view(post, resolve);
  if (Array.isArray(post.replies))
    out.replies = (post.replies as Body[]).map((reply) => view(reply, resolve));
  if (resolve && 'cover_image_media_id' in post) {
    out.cover_image_media =
      typeof post.cover_image_media_id === 'number' ? mediaObject(post.cover_image_media_id) : null;
  }
  return out;
}
