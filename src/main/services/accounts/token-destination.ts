import { clearTextMessage, ContractCallError, sendsTokenSafely } from '../../../shared/contract/index.ts';
import { serviceAreas, type BaseUrls } from '../../../shared/domain/index.ts';

/** Where a profile's stored token may be sent: only where its owner sent it, never in clear text. */

/**
 * A token was entered for the addresses beside it: a new scheme, host or port in any of them
 * (a path alone may change) would send it somewhere its owner never named, so an edit of the
 * addresses that moves one to another origin must come with the token again.
 */
export function refuseTokenOnNewOrigin(stored: BaseUrls, next: BaseUrls): void {
  const origin = (url: string) => new URL(url).origin;
  const moved = serviceAreas.filter((area) => origin(next[area]) !== origin(stored[area]));
  if (moved.length === 0) return;
  const why =
    'The saved token is only sent to the addresses it was entered for: paste it again to use it with the new ones.';
  const which = `The ${moved.join(', ')} address${moved.length === 1 ? ' now points' : 'es now point'}`;
  throw new ContractCallError({
    code: 'invalid_input',
    message: `${which} elsewhere (another scheme, host or port). ${why}`,
    fieldErrors: { token: [why] },
  });
}

/**
 * The contract refuses http:// to another computer on input, but a profile saved before that
 * rule may still hold such an address: its token is not sent there either.
 */
export function refuseClearText(baseUrls: BaseUrls): void {
  const unsafe = serviceAreas.filter((area) => !sendsTokenSafely(baseUrls[area]));
  if (unsafe.length === 0) return;
  throw new ContractCallError({
    code: 'invalid_input',
    message: `Edit this profile's ${unsafe.join(', ')} address. ${clearTextMessage}`,
    fieldErrors: Object.fromEntries(unsafe.map((area) => [`baseUrls.${area}`, [clearTextMessage]])),
  });
}
