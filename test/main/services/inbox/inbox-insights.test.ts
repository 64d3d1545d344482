import { afterAll, describe, expect, it } from 'vitest';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { methodOf, servicePost, urlOf } from './service-reads.ts';

/** The insights panel's four statistics (op 20), with and without the range extension. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brands = [101, 102, 103];
const range = { from: '2026-11-10T00:00:00Z', to: '2026-11-20T00:00:00Z' };
const statsPaths = [
  'sentiment_distribution_stats',
  'sentiment_time_series',
  'volume_time_series',
  'top_keywords',
];

/** The four answers of the sandbox for one body, mapped as the contract names them. */
async function serviceFigures(body: Record<string, unknown>) {
  const [sentiment, sentimentSeries, volumeSeries, keywords] = await Promise.all(
    statsPaths.map((path) => servicePost<{ data: never }>(sandbox, path, body).then((answer) => answer.data)),
  );
  const { positive, negative, neutral, question } = sentiment as Record<string, number>;
  return {
    sentiment: { positive, negative, neutral, question },
    sentimentSeries: (sentimentSeries as Record<string, number | string>[]).map(
      ({ date, positive, negative, neutral }) => ({
        date,
        positive,
        negative,
        neutral,
      }),
    ),
    volumeSeries: (volumeSeries as { date: string; count: number }[]).map(({ date, count }) => ({
      date,
      count,
    })),
    keywords: (keywords as { keyword: string; count: number }[]).map(({ keyword, count }) => ({
      keyword,
      count,
    })),
  };
}

const allTime = await serviceFigures({ brand_ids: brands });
const inRange = await serviceFigures({
  brand_ids: brands,
  source_updated_after: range.from,
  source_updated_before: range.to,
});

describe('inbox:insights', () => {
  it('answers the four statistics for all time when no range is given', async () => {
    const before = app.requests.length;
    const insights = valueOf(await app.call('inbox:insights', { brandIds: brands }));
    expect(insights).toEqual({ ...allTime, rangeApplied: true });
    expect(insights.keywords.length).toBeGreaterThan(0);
    expect(
      app.requests
        .slice(before)
        .map((r) => r.split('/').pop())
        .sort(),
    ).toEqual([...statsPaths].sort());
  });

  it('bounds the four statistics by the range when one is given', async () => {
    const insights = valueOf(await app.call('inbox:insights', { brandIds: brands, ...range }));
    expect(insights).toEqual({ ...inRange, rangeApplied: true });
    expect(inRange.sentiment).not.toEqual(allTime.sentiment); // the range does narrow them
  });

  it('asks again without the range where the service refuses it, and says the range was not applied', async () => {
    const sentBodies: string[] = [];
    const strict = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) => {
        const url = urlOf(input);
        if (methodOf(input, init) !== 'POST' || !statsPaths.some((path) => url.pathname.endsWith(path))) {
          return fetch(input, init);
        }
        const body = input instanceof Request ? await input.clone().text() : String(init?.body ?? '');
        sentBodies.push(body);
        if (!body.includes('source_updated_')) return fetch(input, init);
        const refusal = {
          code: 422,
          errors: { source_updated_after: ['Unknown field.'], source_updated_before: ['Unknown field.'] },
          message: 'Invalid request body. source_updated_after: Unknown field.',
          status: 'Unprocessable Entity',
        };
        return new Response(JSON.stringify(refusal), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    try {
      const insights = valueOf(await strict.call('inbox:insights', { brandIds: brands, ...range }));
      expect(insights).toEqual({ ...allTime, rangeApplied: false });
      const retried = sentBodies.filter((body) => !body.includes('source_updated_'));
      expect(retried).toHaveLength(4);

      // Asked again (another range): the refusal is remembered, so the four go out once, for
      // all time, and none is refused again.
      sentBodies.length = 0;
      const again = valueOf(
        await strict.call('inbox:insights', { brandIds: brands, from: '2026-11-01T00:00:00Z' }),
      );
      expect(again).toEqual({ ...allTime, rangeApplied: false });
      expect(sentBodies).toHaveLength(4);
      expect(sentBodies.every((body) => !body.includes('source_updated_'))).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('passes on any other refusal as it is', async () => {
    const refusing = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) =>
        urlOf(input).pathname.endsWith('top_keywords')
          ? new Response(
              JSON.stringify({
                code: 422,
                errors: { brand_ids: ['Too many.'] },
                message: 'Too many brands.',
                status: '',
              }),
              {
                status: 422,
                headers: { 'content-type': 'application/json' },
              },
            )
          : fetch(input, init),
    });
    try {
      expect(await refusing.call('inbox:insights', { brandIds: brands, ...range })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: 'Too many brands.' },
      });
    } finally {
      await refusing.close();
    }
  });
});
