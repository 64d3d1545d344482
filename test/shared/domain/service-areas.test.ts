import { describe, expect, it } from 'vitest';
import { profileAddSchema, profileSchema } from '../../../src/shared/contract/index.ts';
import { perServiceArea, serviceAreas } from '../../../src/shared/domain/index.ts';

const urls = perServiceArea((area) => `https://api.example.com/${area}`);
const profile = { name: 'Work', baseUrls: urls, brandIds: [101], token: 't' };

describe('the service areas', () => {
  it('are the four areas of the interface, one base URL each', () => {
    expect(serviceAreas).toEqual(['library', 'scheduler', 'dashboard', 'community']);
    expect(urls).toEqual({
      library: 'https://api.example.com/library',
      scheduler: 'https://api.example.com/scheduler',
      dashboard: 'https://api.example.com/dashboard',
      community: 'https://api.example.com/community',
    });
  });

  it('a profile needs an address for each of them, named by its area where it is missing', () => {
    expect(profileAddSchema.safeParse(profile).success).toBe(true);
    for (const area of serviceAreas) {
      const others: Partial<typeof urls> = { ...urls };
      delete others[area];
      const parsed = profileAddSchema.safeParse({ ...profile, baseUrls: others });
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([`baseUrls.${area}`]);
    }
  });

  it('a stored profile keeps its addresses under the same area names', () => {
    const stored = profileSchema.parse({ id: 'p', ...profile, tokenStore: 'keychain' });
    expect(Object.keys(stored.baseUrls)).toEqual([...serviceAreas]);
  });
});
