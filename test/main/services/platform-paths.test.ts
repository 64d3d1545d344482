import { describe, expect, it } from 'vitest';
import { checkedAbsolutePath, saveFileName } from '../../../src/main/services/platform-paths.ts';
import { ContractCallError } from '../../../src/shared/contract/index.ts';

const csv = [{ name: 'CSV', extensions: ['csv'] }];

describe('checkedAbsolutePath', () => {
  it('answers an absolute path, normalized', () => {
    expect(checkedAbsolutePath('/home/ana/./Downloads/../Downloads/report.csv')).toBe(
      '/home/ana/Downloads/report.csv',
    );
  });

  it.each(['report.csv', './report.csv', '', '/tmp/a\0b.csv', 42, null])(
    'refuses %j as invalid input on the path field',
    (path) => {
      let error: unknown;
      try {
        checkedAbsolutePath(path);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ContractCallError);
      expect((error as ContractCallError).code).toBe('invalid_input');
      expect((error as ContractCallError).fieldErrors.path).toBeDefined();
    },
  );
});

describe('saveFileName', () => {
  it('keeps a plain name that has its extension', () => {
    expect(saveFileName('campaign report.csv', csv)).toBe('campaign report.csv');
    expect(saveFileName('REPORT.CSV', csv)).toBe('REPORT.CSV');
  });

  it('adds the first filter extension when the name has none of them', () => {
    expect(saveFileName('campaign report', csv)).toBe('campaign report.csv');
    expect(saveFileName('stats.2024', csv)).toBe('stats.2024.csv');
    expect(saveFileName('notes', [{ name: 'All files', extensions: ['*'] }])).toBe('notes');
    expect(saveFileName('notes')).toBe('notes');
  });

  it('never answers a path: separators and characters a system refuses become dashes', () => {
    expect(saveFileName('../../etc/passwd', csv)).toBe('-..-etc-passwd.csv');
    expect(saveFileName('Q1/Q2: "best" <posts>?', csv)).toBe('Q1-Q2- -best- -posts--.csv');
    expect(saveFileName('a\\b\0c\nd.csv', csv)).toBe('a-b-c-d.csv');
  });

  it('has a name when the suggestion leaves none, and avoids Windows device names', () => {
    expect(saveFileName('...', csv)).toBe('export.csv');
    expect(saveFileName('   ', csv)).toBe('export.csv');
    expect(saveFileName('.hidden.csv', csv)).toBe('hidden.csv');
    expect(saveFileName('con.csv', csv)).toBe('_con.csv');
    expect(saveFileName('LPT1', csv)).toBe('_LPT1.csv');
  });
});
