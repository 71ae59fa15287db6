import { describe, expect, it } from 'vitest';
import { assembleScript, type ScriptStep } from '../../functions/_lib/script-steps.ts';

const step = (name: string, keys: ScriptStep['keys'], args: ScriptStep['args'], lua = ''): ScriptStep => ({
  name,
  keys,
  args,
  lua,
});

describe('assembleScript', () => {
  it('gives each step its keys and arguments by name, in order, lists as Lua tables', () => {
    const { script, keys, args } = assembleScript(
      [
        step(
          'record',
          { membership: 'billing:member:a', owner: 'billing:customer:c' },
          { json: '{}', sub: 'a' },
        ),
        step(
          'mail',
          { queue: 'mail:queue', once: ['mail:once:x', 'mail:once:y'] },
          { keys: ['x', 'y'], due: '5' },
        ),
        step('audit', { all: 'ops:audit' }, { head: '{"at":1' }, 'local function f() return K.audit.all end'),
      ],
      'return 1',
    );
    expect(keys).toEqual([
      'billing:member:a',
      'billing:customer:c',
      'mail:queue',
      'mail:once:x',
      'mail:once:y',
      'ops:audit',
    ]);
    expect(args).toEqual(['{}', 'a', 'x', 'y', '5', '{"at":1']);
    expect(script).toContain('K.record = { membership = KEYS[1], owner = KEYS[2] }');
    expect(script).toContain('K.mail = { queue = KEYS[3], once = { KEYS[4], KEYS[5] } }');
    expect(script).toContain('A.mail = { keys = { ARGV[3], ARGV[4] }, due = ARGV[5] }');
    expect(script).toContain('K.audit = { all = KEYS[6] }');
    // The steps' Lua comes after the bindings, the main body last.
    expect(script.indexOf('local function f()')).toBeGreaterThan(script.indexOf('K.audit ='));
    expect(script.trimEnd().endsWith('return 1')).toBe(true);
  });

  it('binds an empty list as an empty table (no emails: no once keys)', () => {
    const { script, keys } = assembleScript(
      [step('mail', { once: [] }, { keys: [] })],
      'return #K.mail.once',
    );
    expect(keys).toEqual([]);
    expect(script).toContain('K.mail = { once = {  } }');
  });

  it('refuses names that are not Lua identifiers, Lua keywords and a step given twice', () => {
    expect(() => assembleScript([step('my-step', {}, {})], '')).toThrow(/not a Lua identifier/);
    expect(() => assembleScript([step('s', {}, { until: '1' })], '')).toThrow(
      /'until' is not a Lua identifier/,
    );
    expect(() => assembleScript([step('s', { 'a b': 'k' }, {})], '')).toThrow(/not a Lua identifier/);
    expect(() => assembleScript([step('s', {}, {}), step('s', {}, {})], '')).toThrow(/given twice/);
  });
});
