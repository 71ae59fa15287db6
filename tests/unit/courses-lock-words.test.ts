import { describe, expect, it } from 'vitest';
import { opensOnce, SEQUENTIAL_RULE, waitingFor } from '../../functions/_lib/courses/lock-words.ts';

// One wording for a module a sequential course keeps closed: the server's 403, the outline's
// module cards and the module page all say it (docs/courses.md).

describe("a locked module's words", () => {
  it('name the one module it waits for', () => {
    expect(opensOnce([2])).toBe('Opens once module 2 is complete');
  });

  it('name every earlier module not complete, in order, never only the first', () => {
    expect(opensOnce([1, 2])).toBe('Opens once modules 1 and 2 are complete');
    expect(opensOnce([1, 2, 3])).toBe('Opens once modules 1, 2 and 3 are complete');
  });

  it('still read as the rule when nothing is named', () => {
    expect(opensOnce([])).toBe('Opens once the modules before it are complete');
  });

  it('agree with the rule the outline states: every module before it complete', () => {
    expect(SEQUENTIAL_RULE).toBe(
      'Modules open in order: each opens once every module before it is complete.',
    );
    const modules = [{ complete: false }, { complete: true }, { complete: false }, { complete: false }];
    // Module 3 waits for module 1 even though module 2 is complete; module 4 for 1 and 3.
    expect(waitingFor(modules, 2)).toEqual([1]);
    expect(waitingFor(modules, 3)).toEqual([1, 3]);
    expect(waitingFor(modules, 0)).toEqual([]);
    // "Module 3: opens after module 1" beside "one after another" was the contradiction: the
    // second of two closed modules names both.
    expect(opensOnce(waitingFor([{ complete: false }, { complete: false }], 2))).toBe(
      'Opens once modules 1 and 2 are complete',
    );
  });
});
