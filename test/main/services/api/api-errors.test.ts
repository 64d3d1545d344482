import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { ApiError, toContractError } from '../../../../src/main/services/api/api-error.ts';
import { RateGate } from '../../../../src/main/services/api/rate-gate.ts';
import { clientFor, failureOf, sandboxForThisFile, startTestSandbox } from '../support/sandbox.ts';

/**
 * Every error status the sandbox gives becomes one ApiError (status, error object, field
 * errors) and then the contract error the renderer shows. None of them carries the token.
 */
const sandbox = await sandboxForThisFile();
const client = clientFor(sandbox);
const brand = sandbox.brands[0]!;

async function apiErrorOf(fn: () => Promise<unknown>): Promise<ApiError> {
  const error = await failureOf(fn);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiError mapping, status by status', () => {
  it.for([
    {
      status: 400,
      code: 'service_error',
      call: () =>
        client.http.send({
          operation: 'reports.raw',
          area: 'dashboard',
          method: 'GET',
          path: 'reports/data',
        }),
    },
    { status: 403, code: 'forbidden', call: () => client.community.listTags([sandbox.foreignBrand]) },
    { status: 404, code: 'not_found', call: () => client.scheduler.get('twitter', 987_654) },
    {
      // No typed call sends a wrong method: a raw request does, as a newer client might.
      status: 405,
      code: 'service_error',
      call: () =>
        client.http.send({
          operation: 'campaigns.raw',
          area: 'library',
          method: 'DELETE',
          path: `brands/${brand}/campaigns`,
        }),
    },
    {
      status: 410,
      code: 'service_error',
      call: () =>
        client.http.send({
          operation: 'community.raw',
          area: 'community',
          method: 'GET',
          path: `brands/${brand}/overview_stats`,
        }),
    },
    {
      status: 422,
      code: 'invalid_input',
      call: () => client.scheduler.create('linkedin', { brand_id: brand, text: 'x'.repeat(3001) }),
    },
  ] as const)(
    '$status becomes an ApiError with the error object, then "$code"',
    async ({ status, code, call }) => {
      const error = await apiErrorOf(call);
      expect(error).toMatchObject({ kind: 'http', status });
      expect(error.body).toMatchObject({
        code: status,
        message: expect.any(String),
        status: expect.any(String),
      });
      const contract = toContractError(error);
      expect(contract).toMatchObject({ code, status, message: error.body.message });
    },
  );

  it('500 becomes an ApiError with the error object, then "service_error"', async () => {
    // Every request of this sandbox meets a fault; some of them a 500 (others drop or run late).
    const failing = await startTestSandbox({ faults: 1, faultSlowMs: 1, seed: 3 });
    try {
      const once = createApiClient({
        baseUrls: failing.urls,
        getToken: () => failing.tokens.user,
        gate: new RateGate(),
        retryLimit: 0,
      });
      let error: unknown;
      for (let i = 0; i < 30 && !(error instanceof ApiError && error.status === 500); i++) {
        error = await once.campaigns.list(brand, { limit: 1 }).catch((e: unknown) => e);
      }
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'http', status: 500, body: { code: 500 } });
      const apiError = error as ApiError;
      expect(toContractError(apiError)).toMatchObject({
        code: 'service_error',
        status: 500,
        message: apiError.body.message,
      });
      expect(apiError.body.message).toMatch(/server failure/i);
    } finally {
      await failing.close();
    }
  });

  it('409 keeps the message for the tag form and maps to "conflict"', async () => {
    const name = `Same ${crypto.randomUUID().slice(0, 6)}`;
    await client.community.createTag({ brand_id: brand, name });
    const error = await apiErrorOf(() => client.community.createTag({ brand_id: brand, name }));
    expect(error.status).toBe(409);
    expect(toContractError(error)).toMatchObject({ code: 'conflict', status: 409 });
  });

  it('422 keeps field errors for the form', async () => {
    const error = await apiErrorOf(() =>
      client.scheduler.create('threads', { brand_id: brand, text: 'x'.repeat(501) }),
    );
    expect(error.fieldErrors.text).toEqual([expect.stringMatching(/500/)]);
    expect(toContractError(error).fieldErrors).toEqual(error.fieldErrors);
  });

  it('401 gives a plain message, and neither error carries the token it refused', async () => {
    const token = `sbx_revoked_${crypto.randomUUID()}`;
    const stranger = clientFor(sandbox, { token });
    const error = await apiErrorOf(() => stranger.campaigns.list(brand));
    expect(error.status).toBe(401);
    const contract = toContractError(error);
    expect(contract).toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/^The service refused this token/),
    });
    for (const view of [
      inspect(error, { depth: 20, showHidden: true }),
      JSON.stringify(error),
      JSON.stringify(contract),
      error.stack ?? '',
    ]) {
      expect(view).not.toContain(token);
      expect(view.toLowerCase()).not.toContain('authorization');
    }
  });

  it('redacts the token where a service echoes it, in the message and in field errors', async () => {
    const token = sandbox.tokens.user;
    // A service (or a proxy before it) that quotes the header it refused beside a field.
    const echoing = createApiClient({
      baseUrls: sandbox.urls,
      getToken: () => token,
      gate: new RateGate(),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (response.ok) return response;
        const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
        body.message = `${body.message} (sent Bearer ${token})`;
        body.errors.authorization = [`Bearer ${token} was read as yours.`];
        body.errors[token] = ['Unknown field.'];
        return Response.json(body, { status: response.status, headers: response.headers });
      },
    });
    const error = await apiErrorOf(() =>
      echoing.scheduler.create('threads', { brand_id: brand, text: 'x'.repeat(501) }),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors.text).toEqual([expect.stringMatching(/500/)]); // the form still gets its errors
    expect(error.fieldErrors.authorization).toEqual(['Bearer [token] was read as yours.']);
    expect(error.message).toContain('[token]');
    for (const view of [
      inspect(error, { depth: 20, showHidden: true }),
      JSON.stringify(error.body),
      JSON.stringify(toContractError(error)),
    ]) {
      expect(view).not.toContain(token);
    }
  });

  it('429 maps to "rate_limited" when the limit was used up by another tool and no re-send is allowed', async () => {
    // Frozen: windows are aligned to the clock, and a running one could end between the calls.
    const small = await startTestSandbox({ frozenClock: true, rateLimit: 3, rateWindow: 60 });
    try {
      for (let i = 0; i < 4; i++) {
        await fetch(`${small.urls.library}/brands/${brand}/campaigns?limit=1`, {
          headers: { authorization: `Bearer ${small.tokens.application}` },
        });
      }
      const impatient = createApiClient({
        baseUrls: small.urls,
        getToken: () => small.tokens.user,
        gate: new RateGate(),
        throttledRetries: 0,
      });
      const error = await apiErrorOf(() => impatient.campaigns.list(brand, { limit: 1 }));
      expect(error.status).toBe(429);
      expect(toContractError(error)).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(impatient.http.gate.status()).toMatchObject({ limit: 3, remaining: 0 });
    } finally {
      await small.close();
    }
  });

  it('no answer at all (service down) maps to "offline"', async () => {
    const gone = await startTestSandbox();
    const urls = gone.urls;
    await gone.close();
    const orphan = createApiClient({
      baseUrls: urls,
      getToken: () => 'any',
      gate: new RateGate(),
      retryLimit: 0,
    });
    const error = await apiErrorOf(() => orphan.community.listTags([brand]));
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(toContractError(error)).toMatchObject({ code: 'offline' });
  });

  it('no token stored maps to "unauthorized" without sending anything', async () => {
    const empty = createApiClient({
      baseUrls: sandbox.urls,
      getToken: () => undefined,
      gate: new RateGate(),
    });
    const error = await apiErrorOf(() => empty.community.listTags([brand]));
    expect(error.kind).toBe('no_token');
    expect(toContractError(error)).toMatchObject({ code: 'unauthorized' });
  });
});

describe('retries', () => {
  it('retries a read after 5xx and dropped connections, but sends a create exactly once', async () => {
    const flaky = await startTestSandbox({ faults: 1, faultSlowMs: 10, seed: 7 });
    try {
      let attempts = 0;
      const counting = createApiClient({
        baseUrls: flaky.urls,
        getToken: () => flaky.tokens.user,
        gate: new RateGate(),
        fetch: async (input, init) => {
          attempts += 1;
          return fetch(input, init);
        },
      });
      // Every request is hit by a fault (500, a dropped socket or a late answer): a read is tried
      // up to three times; a create once, whatever happens to it.
      const readAttempts: number[] = [];
      for (let i = 0; i < 5; i++) {
        attempts = 0;
        await counting.campaigns.list(brand, { limit: 1 }).catch(() => undefined);
        readAttempts.push(attempts);
      }
      expect(Math.max(...readAttempts)).toBeLessThanOrEqual(3);
      expect(readAttempts.some((n) => n > 1)).toBe(true);
      attempts = 0;
      const creates = await Promise.allSettled(
        Array.from({ length: 5 }, () => counting.scheduler.create('snapchat', { brand_id: brand })),
      );
      expect(attempts).toBe(5);
      expect(creates.some((c) => c.status === 'rejected')).toBe(true);
    } finally {
      await flaky.close();
    }
  });
});
