import { ContractCallError } from '../../../../../shared/contract/index.ts';

/**
 * A failed load in words for people. The app's own messages (offline, slowed down, token refused)
 * are already written for them and say what to do; the service's own texts ("Interaction 5 is a
 * FACEBOOK_COMMENT, ...", "Internal Server Error") are not, so those are replaced here.
 */
const keptCodes = new Set<ContractCallError['code']>(['offline', 'rate_limited', 'unauthorized']);

const plainMessages: Partial<Record<ContractCallError['code'], string>> = {
  forbidden: 'The service does not let this profile read it.',
  not_found: 'The service no longer has it.',
  invalid_input: 'The service would not accept the request.',
};
const fallback = 'The service could not answer just now.';

export function plainLoadError(error: ContractCallError): ContractCallError {
  if (keptCodes.has(error.code)) return error;
  return new ContractCallError({
    code: error.code,
    message: plainMessages[error.code] ?? fallback,
    fieldErrors: {},
    status: error.status,
  });
}
