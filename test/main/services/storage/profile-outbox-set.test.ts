import { describe, expect, it } from 'vitest';
import {
  createProfileOutboxSet,
  originOf,
} from '../../../../src/main/services/storage/profile-outbox-set.ts';

/** An outbox that notes what was done to it, and whether its entry was kept before it started. */
function outboxes(profileIds: string[]) {
  const log: string[] = [];
  const set = createProfileOutboxSet({
    what: 'replies',
    profileIds: () => profileIds,
    make: (profileId) => ({
      profileId,
      outbox: {
        start: () => {
          log.push(`start ${profileId}`);
          // What a start tells may ask for the profile again: the same entry, not a second one.
          set.forProfile(profileId);
        },
        close: async () => void log.push(`close ${profileId}`),
      },
    }),
  });
  return { set, log };
}

describe('every profile’s outbox of one kind', () => {
  it('starts each profile’s outbox once, at launch or on first use', async () => {
    const { set, log } = outboxes(['a', 'b']);
    const first = set.forProfile('a');
    await set.resume();
    expect(set.forProfile('a')).toBe(first);
    expect(log).toEqual(['start a', 'start b']);
    expect([...set.entries()].map((entry) => entry.profileId)).toEqual(['a', 'b']);
  });

  it('stops the outboxes of profiles gone, and all of them with the app', async () => {
    const { set, log } = outboxes(['a', 'b', 'c']);
    await set.resume();
    set.retain(['b']);
    expect(log.slice(3)).toEqual(['close a', 'close c']);
    await set.close();
    expect(log.at(-1)).toBe('close b');
    expect(() => set.forProfile('b')).toThrow('The replies are closed: the app is shutting down.');
  });

  it('names a service by its origin, and nothing by an address that is not one', () => {
    expect(originOf('http://127.0.0.1:4010/community/')).toBe('http://127.0.0.1:4010');
    expect(originOf('not an address')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
