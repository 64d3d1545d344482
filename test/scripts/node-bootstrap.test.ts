import { describe, expect, it } from 'vitest';
import { isNewEnough } from '../../scripts/node-bootstrap.cjs';

// The scripts run `node file.ts` and use node:sqlite, both without flags: type stripping is on
// by default from 22.18 / 23.6, node:sqlite from 22.13 / 23.4. Older Nodes get Node 24 fetched.
describe('isNewEnough', () => {
  it('rejects the Node 22 releases that package.json engines still admits but the scripts cannot use', () => {
    expect(isNewEnough('v22.12.0')).toBe(false);
    expect(isNewEnough('v22.13.1')).toBe(false);
    expect(isNewEnough('v22.17.1')).toBe(false);
  });

  it('accepts Node 22 from 22.18 on', () => {
    expect(isNewEnough('v22.18.0')).toBe(true);
    expect(isNewEnough('v22.21.1')).toBe(true);
  });

  it('holds Node 23 to 23.6, where type stripping was unflagged', () => {
    expect(isNewEnough('v23.5.0')).toBe(false);
    expect(isNewEnough('v23.6.0')).toBe(true);
  });

  it('accepts Node 24 and later, pre-releases included', () => {
    expect(isNewEnough('v24.0.0')).toBe(true);
    expect(isNewEnough('v26.1.0-nightly20260101abcdef')).toBe(true);
  });

  it('rejects older majors and anything it cannot read', () => {
    expect(isNewEnough('v20.20.2')).toBe(false);
    expect(isNewEnough('v18.19.0')).toBe(false);
    expect(isNewEnough('v3.18.0')).toBe(false);
    expect(isNewEnough('not a version')).toBe(false);
  });

  it('accepts the Node running these tests, which the scripts already use', () => {
    expect(isNewEnough(process.version)).toBe(true);
  });
});
