import { describe, expect, it } from 'vitest';
import { refusedCsv, templateCsv } from '../../../../src/renderer/src/areas/drafts/import/import-files.ts';
import { problemWords } from '../../../../src/renderer/src/areas/drafts/import/import-problem-words.ts';
import type { ImportProblem, ImportProblemKind } from '../../../../src/shared/contract/index.ts';

const now = new Date('2026-11-26T12:00:00Z');
const words = { locale: 'en-GB', timeZone: 'Europe/Paris' };

/** One problem of every kind main can name, with what the person reads for it. */
const said: Record<ImportProblemKind, [ImportProblem, string]> = {
  unknown_channel: [
    { kind: 'unknown_channel', value: 'MySpace' },
    'Channel: “MySpace” is not a channel the app posts to (Threads, Instagram, X, LinkedIn or Snapchat).',
  ],
  unknown_brand: [
    { kind: 'unknown_brand', value: '' },
    'Brand: nothing is not a brand of this profile (write its number, such as 101, or “Brand 101”).',
  ],
  missing_time: [{ kind: 'missing_time' }, 'Time: the row has none; give the time to post.'],
  bad_time: [
    { kind: 'bad_time', value: 'soon' },
    'Time: “soon” is not a time the app can read (write 2026-12-01 09:00).',
  ],
  past_time: [
    { kind: 'past_time', at: '2020-01-01T08:00:00Z' },
    'Time: 1 Jan 2020, 09:00 has already passed.',
  ],
  text_too_long: [
    { kind: 'text_too_long', channel: 'twitter', length: 1284, max: 280 },
    'Text: 1,284 characters as X (Twitter) counts them; at most 280.',
  ],
  text_not_taken: [
    { kind: 'text_not_taken', channel: 'snapchat' },
    'Text: Snapchat posts carry no text; leave the text empty.',
  ],
  link_not_taken: [
    { kind: 'link_not_taken', channel: 'instagram' },
    'Link: Instagram posts cannot carry a link; leave the link empty.',
  ],
  bad_media_id: [
    { kind: 'bad_media_id', value: '4.5' },
    'Media ids: “4.5” is not a media id (ids are whole numbers, such as 1024).',
  ],
  nothing_to_post: [
    { kind: 'nothing_to_post' },
    'The row has no text, link or media: there is nothing to post.',
  ],
  extra_cells: [
    { kind: 'extra_cells', count: 1 },
    'The row has 1 cell more than the header names: put texts with commas in quotes.',
  ],
  refused: [{ kind: 'refused', field: 'link', message: 'Must be a link.' }, 'link: Must be a link.'],
};

describe('a refused row’s reasons', () => {
  it.each(Object.entries(said))('are said in plain words: %s', (_kind, [problem, sentence]) => {
    expect(problemWords(problem, now, words)).toBe(sentence);
  });

  it('say a recent past time from now', () => {
    expect(problemWords({ kind: 'past_time', at: '2026-11-26T08:00:00Z' }, now, words)).toBe(
      'Time: 09:00 today has already passed.',
    );
  });

  it('go into a file to fix, with each row’s line and cells', () => {
    const text = refusedCsv(
      [
        {
          line: 4,
          problems: [said.bad_time[0], said.extra_cells[0]],
          cells: { channel: 'X', time: 'soon', text: 'a, "b"' },
        },
      ],
      now,
      words,
    );
    expect(text).toBe(
      'line,reasons,channel,brand,time,text,link,media ids\r\n' +
        `4,${said.bad_time[1]} ${said.extra_cells[1]},X,,soon,"a, ""b""",,\r\n`,
    );
  });
});

describe('the template', () => {
  it('has the header row and one post for tomorrow at 09:00', () => {
    const [header, example] = templateCsv(101, new Date(2026, 10, 26, 15, 30)).split('\r\n');
    expect(header).toBe('channel,brand,time,text,link,media ids');
    expect(example).toMatch(
      /^Threads,101,2026-11-27 09:00,"Our winter collection is here, in six colours\.",https:\/\/example\.com\/winter,$/,
    );
  });
});
