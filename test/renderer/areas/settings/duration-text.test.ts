import { describe, expect, it } from 'vitest';
import { durationText, minutesOf } from '../../../../src/renderer/src/areas/settings/duration-text.ts';

describe('a threshold as it is written', () => {
  it('reads minutes, hours and days, a bare number as hours', () => {
    expect(minutesOf('45 min')).toBe(45);
    expect(minutesOf('4h')).toBe(240);
    expect(minutesOf(' 1 d ')).toBe(1440);
    expect(minutesOf('2')).toBe(120);
    expect(minutesOf('1,5 h')).toBe(90);
  });

  it('refuses what is not a time, or not a whole minute', () => {
    expect(minutesOf('soon')).toBeNull();
    expect(minutesOf('4 weeks')).toBeNull();
    expect(minutesOf('')).toBeNull();
    expect(minutesOf('0.5 min')).toBeNull();
  });

  it('says a threshold the shortest exact way', () => {
    expect(durationText(60)).toBe('1 h');
    expect(durationText(90)).toBe('90 min');
    expect(durationText(1440)).toBe('1 d');
    expect(durationText(2 * 1440 + 60)).toBe('49 h');
  });
});
