import { describe, expect, it } from 'vitest';
import { responseTimeInWords } from '../../../../../src/renderer/src/areas/inbox/overview/response-time.ts';

describe('an average response time in words', () => {
  it.each([
    [0, 'under a minute'],
    [59.9, 'under a minute'],
    [60, '1 minute'],
    [125, '2 minutes'],
    [3600, '1 hour'],
    [2 * 3600 + 5 * 60 + 30, '2 hours 5 minutes'],
    [86_400 + 5 * 60, '1 day'],
    [3 * 86_400 + 4 * 3600 + 59 * 60, '3 days 4 hours'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
  ])('%s s reads "%s"', (seconds, words) => {
    expect(responseTimeInWords(seconds)).toBe(words);
  });
});
