import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../../../src/main/services/app/external-links.ts';

describe('external link allowlist', () => {
  it('opens https links to the networks the app shows posts from', () => {
    expect(isAllowedExternalUrl('https://www.instagram.com/p/abc/')).toBe(true);
    expect(isAllowedExternalUrl('https://www.tiktok.com/@brand/video/1')).toBe(true);
    expect(isAllowedExternalUrl('https://x.com/brand/status/1')).toBe(true);
  });

  it('refuses other schemes, other hosts, look-alike hosts and credentials in the URL', () => {
    expect(isAllowedExternalUrl('http://instagram.com/')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('https://example.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://instagram.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://evilinstagram.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@instagram.com/')).toBe(false);
    expect(isAllowedExternalUrl('not a url')).toBe(false);
  });
});
