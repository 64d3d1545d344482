/**
 * Links the app may open in the user's browser: https pages of the networks whose posts and
 * comments the app shows (a post's live_post_url, an author's profile). Anything else is refused,
 * so a crafted link in a comment cannot launch another program through the OS.
 */
const ALLOWED_HOSTS = [
  'threads.net',
  'threads.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'snapchat.com',
  'tiktok.com',
  'facebook.com',
  'youtube.com',
  'pinterest.com',
];

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return ALLOWED_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
