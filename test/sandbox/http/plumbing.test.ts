import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/** What every area gets from the plumbing: auth, the error object, 404/405, bad JSON, headers. */
describe('sandbox http plumbing', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-03-01T10:00:00Z' });
  });
  afterAll(() => sb.close());

  const campaigns = () => `/library/brands/${sb.brands[0]}/campaigns`;

  function expectError(result: { status: number; body: unknown }, status: number, reason: string) {
    expect(result.status).toBe(status);
    const error = errorObjectSchema.parse(result.body);
    expect(error).toMatchObject({ code: status, status: reason });
    expect(error.message.length).toBeGreaterThan(0);
    return error;
  }

  it('answers 401 with the error object without a token, with a malformed header or an unknown token', async () => {
    expectError(await sb.call('GET', campaigns(), { token: null }), 401, 'Unauthorized');
    expectError(
      await sb.call('GET', campaigns(), { token: null, headers: { authorization: 'Basic abc' } }),
      401,
      'Unauthorized',
    );
    expectError(await sb.call('GET', campaigns(), { token: 'not-a-token' }), 401, 'Unauthorized');
  });

  it('accepts both tokens', async () => {
    expect((await sb.call('GET', campaigns(), { token: sb.sandbox.tokens.application })).status).toBe(200);
    expect((await sb.call('GET', campaigns(), { token: sb.sandbox.tokens.user })).status).toBe(200);
  });

  it('answers 403 for the foreign brand and for a brand that does not exist, 404 for a bad id', async () => {
    const forbidden = expectError(
      await sb.call('GET', `/library/brands/${sb.sandbox.foreignBrand}/campaigns`),
      403,
      'Forbidden',
    );
    expect(forbidden.errors.brand_id).toBeDefined();
    expectError(await sb.call('GET', '/library/brands/424242/campaigns'), 403, 'Forbidden');
    expectError(await sb.call('GET', '/library/brands/abc/campaigns'), 404, 'Not Found');
  });

  it('answers 404 for an unknown path and 405 with Allow for a wrong method on a known one', async () => {
    expectError(await sb.call('GET', '/library/nothing/here'), 404, 'Not Found');
    expectError(await sb.call('GET', '/nowhere'), 404, 'Not Found');
    const wrongMethod = await sb.call('DELETE', campaigns());
    expectError(wrongMethod, 405, 'Method Not Allowed');
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    expectError(await sb.call('GET', `${campaigns()}/1/ads/search`), 405, 'Method Not Allowed');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const result = await sb.call('PUT', `${campaigns()}/1`, { rawBody: '{"name": ' });
    expectError(result, 400, 'Bad Request');
  });

  it('reads an oversized body away before its 400, so the client gets the answer and keeps the connection', async () => {
    // One keep-alive socket: the second request shows whether the first left it usable.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const campaign = (await sb.call('GET', campaigns())).body.data[0].id as number;
    const url = `${sb.sandbox.urls.library}/brands/${sb.brands[0]}/campaigns/${campaign}/ads/search`;
    const post = (body: string) =>
      new Promise<{ status?: number; headers: IncomingHttpHeaders; text: string; reused: boolean }>(
        (resolve, reject) => {
          const sent = request(
            url,
            {
              method: 'POST',
              agent,
              headers: {
                authorization: `Bearer ${sb.sandbox.tokens.application}`,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              },
            },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.on('end', () =>
                resolve({
                  status: response.statusCode,
                  headers: response.headers,
                  text,
                  reused: sent.reusedSocket,
                }),
              );
            },
          );
          sent.on('error', reject);
          sent.end(body);
        },
      );
    try {
      const tooBig = await post(JSON.stringify({ source: 'META_ADS', sort: 'x'.repeat(2 ** 21) }));
      expect(tooBig.status).toBe(400);
      expect(errorObjectSchema.parse(JSON.parse(tooBig.text)).message).toMatch(/over 1 MiB/);
      expect(tooBig.headers.connection).not.toBe('close');
      const next = await post(JSON.stringify({ source: 'META_ADS' }));
      expect(next.reused).toBe(true);
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('answers 422 naming unknown and read-only fields', async () => {
    const result = await sb.call('PUT', `${campaigns()}/1`, {
      body: { name: 'Ok', created_at: '2025-01-01T00:00:00Z', colour: 'red' },
    });
    const error = expectError(result, 422, 'Unprocessable Entity');
    expect(error.errors.created_at?.[0]).toMatch(/read-only/i);
    expect(error.errors.colour?.[0]).toMatch(/unknown/i);
    const unknownParam = expectError(
      await sb.call('GET', campaigns(), { query: { page: 2 } }),
      422,
      'Unprocessable Entity',
    );
    expect(Object.keys(unknownParam.errors)).toEqual(['page']);
  });

  it('puts rate-limit headers and a Date from the sandbox clock on every answer, errors included', async () => {
    for (const result of [
      await sb.call('GET', campaigns()),
      await sb.call('GET', campaigns(), { token: null }),
      await sb.call('GET', '/nowhere'),
      await sb.call('PUT', `${campaigns()}/1`, { rawBody: 'nope' }),
    ]) {
      expect(Number(result.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
      expect(Number(result.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
      const reset = Number(result.headers.get('x-ratelimit-reset'));
      const date = Date.parse(result.headers.get('date') ?? '');
      expect(date).toBeGreaterThanOrEqual(Date.parse('2025-03-01T10:00:00Z'));
      expect(reset * 1000).toBeGreaterThan(date);
      expect(reset * 1000 - date).toBeLessThanOrEqual(60_000);
      expect(result.headers.get('retry-after')).toBeNull();
    }
  });
});
