import { ContractCallError } from '../../../shared/contract/index.ts';

/** Anything thrown that is not a ContractCallError is a bug in the page; show it as internal. */
export function toCallError(error: unknown): ContractCallError {
  if (error instanceof ContractCallError) return error;
  console.error('socialdesk:', error);
  return new ContractCallError({
    code: 'internal',
    message: 'Something went wrong in Socialdesk.',
    fieldErrors: {},
  });
}
