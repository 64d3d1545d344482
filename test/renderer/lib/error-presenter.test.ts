import { describe, expect, it, vi } from 'vitest';
import { presentError, sayError } from '../../../src/renderer/src/lib/error-presenter.ts';
import { timeFromNow } from '../../../src/renderer/src/lib/time-words.ts';
import {
  ContractCallError,
  contractErrorCodes,
  type ContractError,
} from '../../../src/shared/contract/index.ts';

// A person in Paris (UTC+1 in November) who writes hours as 24-hour clock times.
const paris = { locale: 'en-GB', timeZone: 'Europe/Paris' };
const newYork = { locale: 'en-US', timeZone: 'America/New_York' };
const now = new Date('2026-11-26T11:50:00Z'); // 12:50 in Paris, 06:50 in New York

const error = (init: Partial<ContractError> & Pick<ContractError, 'code'>) =>
  new ContractCallError({ message: '', fieldErrors: {}, ...init });

/** Machine text no person should read outside "Details". */
const raw = /Invalid request body|\d{4}-\d\d-\d\dT|\b[a-z]+_[a-z]+\b|\b[a-z]\w*\.[a-z]\w*\b/;

function visibleText(presented: ReturnType<typeof presentError>): string {
  const fields = presented.fields.map((f) => `${f.label}: ${f.message}`);
  return [presented.title, presented.sentence, presented.hint ?? '', ...fields, presented.line].join('\n');
}

describe('the error presenter', () => {
  it.each(contractErrorCodes)('says %s in plain words when the message is machine text', (code) => {
    const presented = presentError(
      error({ code, message: `Invalid request body. some_field: ${code}`, wording: 'machine', status: 400 }),
      { action: 'Could not save the post', now, ...paris },
    );
    expect(presented.title).toBe('Could not save the post');
    expect(presented.sentence).toMatch(/^[A-Z].*\.$/);
    expect(visibleText(presented)).not.toMatch(raw);
    expect(presented.detail).toContain(`Invalid request body. some_field: ${code}`);
  });

  it('gives each code its own sentence', () => {
    const said = contractErrorCodes.map((code) => presentError(error({ code, wording: 'machine' })).sentence);
    expect(new Set(said).size).toBe(contractErrorCodes.length);
  });

  it("keeps Socialdesk's own sentences as they are, with nothing behind Details", () => {
    const presented = presentError(
      error({ code: 'not_found', message: 'This draft does not exist (it may have been deleted).' }),
    );
    expect(presented.sentence).toBe('This draft does not exist (it may have been deleted).');
    expect(presented.detail).toBeNull();
  });

  it('names the fields as the screen does, never by their paths, and keeps the paths in Details', () => {
    const presented = presentError(
      error({
        code: 'invalid_input',
        message: 'Invalid request body. assignee_id: Unknown user. change.assigneeId: Must be a user.',
        wording: 'machine',
        status: 422,
        fieldErrors: {
          assignee_id: ['Unknown user.'],
          'change.assigneeId': ['Must be a user of this brand.'],
        },
      }),
      { action: 'Could not assign the conversation' },
    );
    // The service's path and the contract's are one field on screen, said once.
    expect(presented.fields).toEqual([
      { field: 'assignee_id', label: 'Assignee', message: 'Unknown user. Must be a user of this brand.' },
    ]);
    expect(presented.sentence).toBe('Check the assignee.');
    expect(presented.place).toBe('field');
    expect(presented.stays).toBe(true);
    expect(visibleText(presented)).not.toMatch(raw);
    expect(presented.detail).toContain('Invalid request body.');
  });

  it('summarises a field path it has no name for, with the raw text only in Details', () => {
    const presented = presentError(
      error({
        code: 'invalid_input',
        message: 'Invalid request body. source_ad_account_ids.3: Must be an integer.',
        wording: 'machine',
        fieldErrors: { 'source_ad_account_ids.3': ['Must be an integer.'] },
      }),
    );
    expect(presented.fields).toEqual([]);
    expect(presented.sentence).toBe('The service refused one of the values.');
    expect(presented.line).toBe('The service refused one of the values.');
    expect(presented.detail).toContain('source_ad_account_ids.3: Must be an integer.');
    expect(visibleText(presented)).not.toMatch(raw);
  });

  it('says what a refusal says of the input as a whole above the fields, for a form', () => {
    const presented = presentError(
      error({
        code: 'invalid_input',
        message: 'Invalid input. token: Paste the token.',
        wording: 'machine',
        fieldErrors: { token: ['Paste the token.'], '(input)': ['Name a saved profile or fill the form.'] },
      }),
    );
    expect(presented.fields).toEqual([{ field: 'token', label: 'Token', message: 'Paste the token.' }]);
    expect(presented.general).toBe('Name a saved profile or fill the form.');
    expect(presented.sentence).toBe('Check the token. Name a saved profile or fill the form.');
  });

  it("says a rule's bound in the person's time zone and words, today or tomorrow", () => {
    const refused = error({
      code: 'invalid_input',
      message: 'A SCHEDULED post needs a timestamp in the future.',
      wording: 'machine',
      fieldErrors: { timestamp: ['Must be after the current time.'] },
      fieldRules: [{ field: 'timestamp', rule: 'after', bound: '2026-11-26T23:30:00.000Z' }],
      status: 422,
    });
    const inParis = presentError(refused, { now, ...paris });
    expect(inParis.fields).toEqual([
      { field: 'timestamp', label: 'Publish time', message: 'Pick a time after 00:30 tomorrow.' },
    ]);
    expect(inParis.sentence).toBe('Check the publish time.');
    const inNewYork = presentError(refused, { now, ...newYork });
    expect(inNewYork.fields[0]!.message).toBe('Pick a time after 06:30 PM today.');
    expect(inNewYork.line).toBe('Publish time: pick a time after 06:30 PM today.');
    expect(visibleText(inNewYork)).not.toMatch(raw);
  });

  it('says an instant in a field message in the person’s time, and a schema report as what to do', () => {
    const presented = presentError(
      error({
        code: 'invalid_input',
        message: 'Invalid input.',
        wording: 'machine',
        fieldErrors: {
          name: ['Too big: expected string to have <=64 characters'],
          endDate: ['Must not be before 2026-11-25T08:00:00Z.'],
        },
      }),
      { now, ...paris },
    );
    expect(presented.fields.map((f) => f.message)).toEqual([
      'Use at most 64 characters.',
      'Must not be before 09:00 yesterday.',
    ]);
    expect(presented.sentence).toBe('Check the name and the end date.');
  });

  it('places a failed load in its area with what comes next, and an action in a toast that goes', () => {
    const offline = error({ code: 'offline', message: 'The service could not be reached.' });
    const load = presentError(offline, { action: 'Could not load the posts', within: 'load' });
    expect(load).toMatchObject({
      place: 'area',
      hint: 'Socialdesk will show the data again as soon as the service answers.',
    });
    const action = presentError(offline, { action: 'Could not save the theme' });
    expect(action).toMatchObject({ place: 'toast', hint: null, stays: false });
  });

  it('shows anything thrown that is not a contract error as internal, in one line', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(sayError(new TypeError('x is undefined'))).toBe('Something went wrong in Socialdesk.');
  });
});

describe('a time said from now', () => {
  it('is the time of day in the person’s zone, with today, tomorrow or the day', () => {
    expect(timeFromNow('2026-11-26T11:48:01.974Z', now, paris)).toBe('12:48 today');
    expect(timeFromNow('2026-11-27T08:00:00Z', now, paris)).toBe('09:00 tomorrow');
    expect(timeFromNow('2026-11-25T22:30:00Z', now, paris)).toBe('23:30 yesterday');
    expect(timeFromNow('2026-11-30T08:00:00Z', now, paris)).toBe('09:00 on Mon 30 Nov');
    // Midnight is the zone's: 23:30 UTC is already tomorrow in Paris, still today in New York.
    expect(timeFromNow('2026-11-26T23:30:00Z', now, paris)).toBe('00:30 tomorrow');
    expect(timeFromNow('2026-11-26T23:30:00Z', now, newYork)).toBe('06:30 PM today');
  });
});
