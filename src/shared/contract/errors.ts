import { z } from 'zod';

/**
 * The one error shape every contract call can answer with. It crosses IPC and the web bridge as
 * plain data (Electron keeps only the message of a thrown Error), and the renderer shows `message`.
 */
export const contractErrorCodes = [
  'invalid_input', // the input failed the call's schema; fieldErrors says where
  'unknown_call',
  'forbidden', // the sender is not the app's own window
  'not_found',
  'conflict',
  'unauthorized', // the service refused the token
  'rate_limited',
  'offline', // the service could not be reached
  'service_error', // the service answered with another error
  'cancelled', // the caller went away before the answer (a superseded search, a closed pane)
  'internal',
] as const;

/**
 * A rule the service said a field broke, as data rather than words, so the renderer can say it
 * in the person's words and time zone. `after`: the value must be later than `bound` (an ISO 8601
 * instant; for a publish time, the service's current time when it refused).
 */
export const fieldRuleSchema = z.object({
  field: z.string(),
  rule: z.enum(['after']),
  bound: z.string(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const contractErrorSchema = z.object({
  code: z.enum(contractErrorCodes),
  message: z.string(),
  /** Field or parameter name -> messages, for forms. Empty when no field is at fault. */
  fieldErrors: z.record(z.string(), z.array(z.string())),
  /** The rules behind some of `fieldErrors`, when main recognised them. */
  fieldRules: z.array(fieldRuleSchema).optional(),
  /** HTTP status of the service answer behind the error, when there was one. */
  status: z.number().int().optional(),
  /**
   * Who wrote `message`: Socialdesk, in a person's words (`plain`, the default), or a machine (the
   * service's own text, a schema's report), which the renderer keeps behind "Details" and says in
   * its own words instead.
   */
  wording: z.enum(['plain', 'machine']).optional(),
});
export type ContractError = z.infer<typeof contractErrorSchema>;
export type ContractErrorCode = ContractError['code'];

/** What a call answers across the process boundary. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; error: ContractError };

/** Thrown by the renderer's client (and by handlers in main) so callers can catch one type. */
export class ContractCallError extends Error {
  readonly code: ContractErrorCode;
  readonly fieldErrors: Record<string, string[]>;
  readonly fieldRules: FieldRule[];
  readonly status: number | undefined;
  readonly wording: 'plain' | 'machine';

  constructor(error: ContractError) {
    super(error.message);
    this.name = 'ContractCallError';
    this.code = error.code;
    this.fieldErrors = error.fieldErrors;
    this.fieldRules = error.fieldRules ?? [];
    this.status = error.status;
    this.wording = error.wording ?? 'plain';
  }

  toJSON(): ContractError {
    return {
      code: this.code,
      message: this.message,
      fieldErrors: this.fieldErrors,
      ...(this.fieldRules.length > 0 ? { fieldRules: this.fieldRules } : {}),
      status: this.status,
      ...(this.wording === 'machine' ? { wording: this.wording } : {}),
    };
  }
}

/**
 * Turns zod issues into the `fieldErrors` map: dotted path -> messages ("(input)" for the root).
 * Collected in a Map because a field may be named after an Object.prototype member (`toString`,
 * `constructor`, `__proto__`), which a plain object would answer with the inherited member;
 * `Object.fromEntries` then makes each one an own property.
 */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
    fields.set(key, [...(fields.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(fields);
}

export function invalidInput(error: z.ZodError): ContractError {
  const fieldErrors = fieldErrorsFromZod(error);
  const first = Object.entries(fieldErrors)[0];
  const detail = first ? ` ${first[0]}: ${first[1][0]}` : '';
  return { code: 'invalid_input', message: `Invalid input.${detail}`, fieldErrors, wording: 'machine' };
}
