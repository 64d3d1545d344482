import type { ConnectionTestResult } from '../../../shared/contract/index.ts';
import { isApiError, toContractError } from '../api/api-error.ts';
import type { ApiClient } from '../api/api-client.ts';
import type { RateGate } from '../api/rate-gate.ts';

/**
 * "Test connection": one cheap authenticated request, GET /tags for the profile's brands. It
 * proves the community address answers, the token is accepted (401 otherwise) and reaches every
 * brand named (403 otherwise), at the cost of one call of the rate limit. The answer is a result,
 * not a throw, because a failed test is a normal outcome the settings page shows in words.
 */
export async function testConnection(
  client: ApiClient,
  gate: RateGate,
  brandIds: number[],
): Promise<ConnectionTestResult> {
  try {
    const tags = await client.community.listTags(brandIds);
    const status = gate.status();
    const brands = brandIds.length === 1 ? 'the brand' : `all ${brandIds.length} brands`;
    const count = Array.isArray(tags) ? tags.length : 0;
    return {
      ok: true,
      message: `Connected. The token reaches ${brands} (${count} tag${count === 1 ? '' : 's'} found).`,
      rate: status.limit > 0 ? { limit: status.limit, remaining: status.remaining } : undefined,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const mapped = toContractError(error);
    let message = mapped.message;
    if (error.status === 403)
      message = `The token was accepted but cannot reach every brand named. ${error.body.message}`.trim();
    if (error.status === 404)
      message = 'The community address answered, but not as this service: check the addresses.';
    return { ok: false, code: mapped.code, status: error.status || undefined, message };
  }
}
