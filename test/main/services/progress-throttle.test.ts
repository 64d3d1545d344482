import { describe, expect, it } from 'vitest';
import { progressThrottle } from '../../../src/main/services/progress-throttle.ts';

describe('progressThrottle', () => {
  it('lets the first report through, then at most one per interval', () => {
    let now = 5_000;
    const due = progressThrottle({ intervalMs: 100, now: () => now });
    const at = (ms: number) => ((now = 5_000 + ms), due());
    expect([at(0), at(1), at(99), at(100), at(150), at(199), at(200), at(450), at(451)]).toEqual([
      true,
      false,
      false,
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('holds a burst of a thousand chunks in one interval to one report', () => {
    let now = 0;
    const due = progressThrottle({ intervalMs: 100, now: () => now });
    let reports = 0;
    for (let chunk = 0; chunk < 1000; chunk++) {
      now = chunk * 0.05; // 1000 chunks within 50 ms
      if (due()) reports++;
    }
    expect(reports).toBe(1);
  });
});
