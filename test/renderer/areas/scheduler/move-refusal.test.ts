import { describe, expect, it } from 'vitest';
import { moveRefusal, timeFromNow } from '../../../../src/renderer/src/areas/scheduler/move-refusal.ts';
import { ContractCallError } from '../../../../src/shared/contract/index.ts';

// A person in Paris (UTC+1 in November) who writes hours as 24-hour clock times.
const paris = { locale: 'en-GB', timeZone: 'Europe/Paris' };
const now = new Date('2026-11-26T11:50:00Z'); // 12:50 in Paris

const refusedPast = (bound: string) =>
  new ContractCallError({
    code: 'invalid_input',
    message: 'A SCHEDULED post needs a timestamp in the future.',
    fieldErrors: { timestamp: ['Must be after the current time.'] },
    fieldRules: [{ field: 'timestamp', rule: 'after', bound }],
    status: 422,
  });

describe('a time said from now', () => {
  it('is the time of day in the person’s zone, with today, tomorrow or the day', () => {
    expect(timeFromNow('2026-11-26T11:48:01.974Z', now, paris)).toBe('12:48 today');
    expect(timeFromNow('2026-11-27T08:00:00Z', now, paris)).toBe('09:00 tomorrow');
    expect(timeFromNow('2026-11-25T22:30:00Z', now, paris)).toBe('23:30 yesterday');
    expect(timeFromNow('2026-11-30T08:00:00Z', now, paris)).toBe('09:00 on Mon 30 Nov');
    // Midnight is the zone's: 23:30 UTC is already tomorrow in Paris, still today in New York.
    expect(timeFromNow('2026-11-26T23:30:00Z', now, paris)).toBe('00:30 tomorrow');
    expect(timeFromNow('2026-11-26T23:30:00Z', now, { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      '06:30 PM today',
    );
  });
});

describe('why a move was refused', () => {
  it('says the earliest time to pick, in the person’s time zone, and no machine time', () => {
    const said = moveRefusal(refusedPast('2026-11-26T11:48:01.974Z'), now, paris);
    expect(said).toBe('The post stays where it was. Pick a time after 12:48 today.');
    expect(said).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it("gives the service's words for another refusal of the time, and the message for the rest", () => {
    const otherTime = new ContractCallError({
      code: 'invalid_input',
      message: 'Invalid input.',
      fieldErrors: { timestamp: ['Required when status is SCHEDULED.'] },
    });
    expect(moveRefusal(otherTime, now, paris)).toBe(
      'The post stays where it was: Required when status is SCHEDULED.',
    );
    const offline = new ContractCallError({
      code: 'offline',
      message: 'The service could not be reached.',
      fieldErrors: {},
    });
    expect(moveRefusal(offline, now, paris)).toBe(
      'The post stays where it was. The service could not be reached.',
    );
  });
});
