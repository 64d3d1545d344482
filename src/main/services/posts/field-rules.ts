import type { ContractError, FieldRule } from '../../../shared/contract/index.ts';

/**
 * The service refuses a publish time that has passed with a sentence holding its clock, "Must be
 * after the current time (2026-11-26T11:48:01.974Z).": machine text the renderer would show as it
 * is. Read here, once, into a rule (`after`, with that instant as its bound), so the renderer can
 * say it in the person's words and time zone; the sentence keeps its words without the instant.
 */
const afterCurrentTime = /^Must be after the current time(?: \((?<bound>[^)]*)\))?\.?$/i;

/**
 * `error` with the rules main recognises in its field errors (see above); as it is when none.
 * Without an instant in the sentence, the bound is the time of the refusal (`now`).
 */
export function withFieldRules(error: ContractError, now: () => Date = () => new Date()): ContractError {
  if (error.code !== 'invalid_input') return error;
  const rules: FieldRule[] = [];
  const fieldErrors = Object.entries(error.fieldErrors).map(([field, messages]) => {
    const said = messages.map((message) => {
      const match = afterCurrentTime.exec(message.trim());
      if (!match) return message;
      const instant = Date.parse(match.groups?.bound ?? '');
      const bound = Number.isNaN(instant) ? now() : new Date(instant);
      rules.push({ field, rule: 'after', bound: bound.toISOString() });
      return 'Must be after the current time.';
    });
    return [field, said] as const;
  });
  if (rules.length === 0) return error;
  return { ...error, fieldErrors: Object.fromEntries(fieldErrors), fieldRules: rules };
}
