import { describe, expect, it } from 'vitest';
import { watchesPastDue } from '../../member-app/past-due/past-due.ts';

// The past-due banner (member-app/past-due/) asks the status on member pages only; the browser
// journey (tests/e2e/past-due-banner.spec.ts) shows it and its link.
describe('where the past-due banner is watched for', () => {
  it('on every member page of a signed-in member', () => {
    for (const path of ['/', '/videos', '/videos/latest', '/journal', '/trades', '/account', '/learn/a/b']) {
      expect(watchesPastDue(path, true), path).toBe(true);
    }
  });

  it('not for a visitor', () => {
    expect(watchesPastDue('/videos', false)).toBe(false);
    expect(watchesPastDue('/', false)).toBe(false);
  });

  it('not where the session is made or paid for, nor on the console', () => {
    for (const path of ['/callback', '/payment', '/console', '/console/members']) {
      expect(watchesPastDue(path, true), path).toBe(false);
    }
  });
});
