import { describe, expect, it } from 'vitest';
import { withFieldRules } from '../../../../src/main/services/posts/field-rules.ts';
import type { ContractError } from '../../../../src/shared/contract/index.ts';

const refusal = (fieldErrors: Record<string, string[]>): ContractError => ({
  code: 'invalid_input',
  message: 'A SCHEDULED post needs a timestamp in the future.',
  fieldErrors,
  status: 422,
});
const atRefusal = () => new Date('2026-11-26T12:00:00.000Z');

describe("the service's refusal of a publish time that has passed", () => {
  it('becomes a rule on its field with the instant it named, and words without a machine time', () => {
    const error = withFieldRules(
      refusal({ timestamp: ['Must be after the current time (2026-11-26T11:48:01.974Z).'] }),
      atRefusal,
    );
    expect(error.fieldRules).toEqual([
      { field: 'timestamp', rule: 'after', bound: '2026-11-26T11:48:01.974Z' },
    ]);
    expect(error.fieldErrors).toEqual({ timestamp: ['Must be after the current time.'] });
    expect(error.message).toBe('A SCHEDULED post needs a timestamp in the future.');
  });

  it('takes the time of the refusal when the sentence names no instant (or one that is not a time)', () => {
    for (const said of ['Must be after the current time.', 'Must be after the current time (soon).']) {
      expect(withFieldRules(refusal({ timestamp: [said] }), atRefusal).fieldRules).toEqual([
        { field: 'timestamp', rule: 'after', bound: '2026-11-26T12:00:00.000Z' },
      ]);
    }
  });

  it('leaves every other error and field as it was', () => {
    const other = refusal({ text: ['Too long.'], timestamp: ['Required when status is SCHEDULED.'] });
    expect(withFieldRules(other, atRefusal)).toBe(other);
    const offline: ContractError = {
      code: 'offline',
      message: 'Must be after the current time (2026-11-26T11:48:01.974Z).',
      fieldErrors: {},
    };
    expect(withFieldRules(offline, atRefusal)).toBe(offline);
    const mixed = withFieldRules(
      refusal({ text: ['Too long.'], 'replies.0.timestamp': ['Must be after the current time.'] }),
      atRefusal,
    );
    expect(mixed.fieldErrors.text).toEqual(['Too long.']);
    expect(mixed.fieldRules?.map((rule) => rule.field)).toEqual(['replies.0.timestamp']);
  });
});
