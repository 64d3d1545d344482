import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod, invalidInput } from '../../../src/shared/contract/index.ts';

/**
 * Field names are data: a field called after an `Object.prototype` member (`toString`,
 * `constructor`, `__proto__`, `hasOwnProperty`) is a key like any other, never the inherited
 * member, so a form that names one gets its message instead of a crash.
 */
describe('fieldErrorsFromZod with keys named after Object.prototype members', () => {
  const memberNames = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

  it.each(memberNames)('keys the message of field %s by its name', (name) => {
    const error = new z.ZodError([
      { code: 'custom', path: [name], message: 'Wrong.', input: undefined },
      { code: 'custom', path: [name], message: 'Still wrong.', input: undefined },
      { code: 'custom', path: ['profile', name], message: 'Nested.', input: undefined },
    ]);
    const fields = fieldErrorsFromZod(error);
    expect(Object.keys(fields)).toEqual([name, `profile.${name}`]);
    expect(Object.getOwnPropertyDescriptor(fields, name)?.value).toEqual(['Wrong.', 'Still wrong.']);
    expect(fields[`profile.${name}`]).toEqual(['Nested.']);
  });

  it('names such a field in the invalid_input error of a call, and keeps it through JSON', () => {
    const schema = z.strictObject({ constructor: z.string().min(1), toString: z.string().min(1) });
    const result = schema.safeParse({ constructor: '', toString: '' });
    const error = invalidInput(result.error!);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/^Invalid input\. constructor: /);
    const sent = JSON.parse(JSON.stringify(error)) as typeof error;
    expect(Object.keys(sent.fieldErrors)).toEqual(['constructor', 'toString']);
    expect(sent.fieldErrors.toString).toHaveLength(1);
  });
});
