import { describe, expect, it } from 'vitest';
import type { CsvRow } from '../../../../../src/main/services/drafts/import/csv-rows.ts';
import { checkRow, type RowContext } from '../../../../../src/main/services/drafts/import/row-checks.ts';
import type { ImportProblem } from '../../../../../src/shared/contract/index.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const context: RowContext = { brandIds: [101, 102], now: NOW, timeZone: 'Europe/Paris' };
const FUTURE = '2026-12-01T09:00:00Z';

function row(cells: CsvRow['cells'], extraCells = 0): CsvRow {
  return {
    line: 7,
    cells: { channel: 'threads', brand: '101', time: FUTURE, text: 'Hello', ...cells },
    extraCells,
  };
}

function problemsOf(cells: CsvRow['cells'], extraCells = 0): ImportProblem[] {
  const verdict = checkRow(row(cells, extraCells), context);
  return verdict.ok ? [] : verdict.problems;
}

describe('an imported row', () => {
  it('becomes a scheduled draft of its channel and brand, at the instant it names', () => {
    const verdict = checkRow(row({ link: 'https://example.com', media_ids: '5; 6,7 8' }), context);
    expect(verdict).toEqual({
      ok: true,
      draft: {
        line: 7,
        channel: 'threads',
        brandId: 101,
        at: FUTURE,
        text: 'Hello',
        fields: {
          status: 'SCHEDULED',
          text: 'Hello',
          link: 'https://example.com',
          media_ids: [5, 6, 7, 8],
          timestamp: FUTURE,
        },
      },
    });
  });

  it('takes channels and brands by the names people use, and local times in the person’s zone', () => {
    const verdict = checkRow(row({ channel: 'X', brand: 'Brand 102', time: '2026-12-01 09:00' }), context);
    expect(verdict.ok && verdict.draft).toMatchObject({
      channel: 'twitter',
      brandId: 102,
      at: '2026-12-01T08:00:00Z', // 09:00 in Paris, winter
    });
  });

  it('puts an Instagram text in the caption, and a link at the end of an X or LinkedIn text', () => {
    const instagram = checkRow(row({ channel: 'Instagram', media_ids: '9' }), context);
    expect(instagram.ok && instagram.draft.fields).toMatchObject({ caption: 'Hello', media_ids: [9] });
    const linkedin = checkRow(row({ channel: 'linkedin', link: 'https://example.com' }), context);
    expect(linkedin.ok && linkedin.draft.fields.text).toBe('Hello\nhttps://example.com');
  });

  it('is refused for an unknown channel', () => {
    expect(problemsOf({ channel: 'MySpace' })).toEqual([{ kind: 'unknown_channel', value: 'MySpace' }]);
    expect(problemsOf({ channel: '' })).toEqual([{ kind: 'unknown_channel', value: '' }]);
  });

  it('is refused for a brand the profile does not reach, or one not named', () => {
    expect(problemsOf({ brand: '999' })).toEqual([{ kind: 'unknown_brand', value: '999' }]);
    expect(problemsOf({ brand: 'Acme' })).toEqual([{ kind: 'unknown_brand', value: 'Acme' }]);
  });

  it('is refused without a time, with a time it cannot read, or with one already past', () => {
    expect(problemsOf({ time: '' })).toEqual([{ kind: 'missing_time' }]);
    expect(problemsOf({ time: '01/12/2026 9am' })).toEqual([{ kind: 'bad_time', value: '01/12/2026 9am' }]);
    expect(problemsOf({ time: '2026-02-30 09:00' })).toEqual([
      { kind: 'bad_time', value: '2026-02-30 09:00' },
    ]);
    expect(problemsOf({ time: '2026-11-26T11:59:00Z' })).toEqual([
      { kind: 'past_time', at: '2026-11-26T11:59:00Z' },
    ]);
  });

  it('is refused for a text over the channel’s limit, counted as the network counts it', () => {
    expect(problemsOf({ text: 'a'.repeat(501) })).toEqual([
      { kind: 'text_too_long', channel: 'threads', length: 501, max: 500 },
    ]);
    expect(problemsOf({ channel: 'linkedin', text: 'a'.repeat(3001) })).toEqual([
      { kind: 'text_too_long', channel: 'linkedin', length: 3001, max: 3000 },
    ]);
    // X counts a link as 23 and most emoji as 2: 130 emoji are 260, plus a link, 284.
    expect(problemsOf({ channel: 'x', text: '😀'.repeat(130), link: 'https://example.com/a' })).toEqual([
      { kind: 'text_too_long', channel: 'twitter', length: 284, max: 280 },
    ]);
    expect(problemsOf({ channel: 'x', text: 'a'.repeat(280) })).toEqual([]);
  });

  it('is refused for media ids that are not ids', () => {
    expect(problemsOf({ media_ids: '12, abc, -3, 4.5' })).toEqual([
      { kind: 'bad_media_id', value: 'abc' },
      { kind: 'bad_media_id', value: '-3' },
      { kind: 'bad_media_id', value: '4.5' },
    ]);
  });

  it('is refused for a text or link its channel cannot carry', () => {
    expect(problemsOf({ channel: 'snapchat', media_ids: '4' })).toEqual([
      { kind: 'text_not_taken', channel: 'snapchat' },
    ]);
    expect(problemsOf({ channel: 'instagram', link: 'https://example.com' })).toEqual([
      { kind: 'link_not_taken', channel: 'instagram' },
    ]);
    expect(checkRow(row({ channel: 'snapchat', text: '', media_ids: '4' }), context).ok).toBe(true);
  });

  it('is refused with nothing to post', () => {
    expect(problemsOf({ text: '' })).toEqual([{ kind: 'nothing_to_post' }]);
  });

  it('is refused with more cells than the header names', () => {
    expect(problemsOf({}, 2)).toEqual([{ kind: 'extra_cells', count: 2 }]);
  });

  it('names every problem of a row at once', () => {
    expect(
      problemsOf({ channel: 'threads', brand: '7', time: 'soon', text: 'b'.repeat(600), media_ids: 'x' }),
    ).toEqual([
      { kind: 'unknown_brand', value: '7' },
      { kind: 'bad_time', value: 'soon' },
      { kind: 'bad_media_id', value: 'x' },
      { kind: 'text_too_long', channel: 'threads', length: 600, max: 500 },
    ]);
  });
});
