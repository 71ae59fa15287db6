/**
 * One Lua script from named steps, so that a write several domains take part in stays one atomic
 * script without anyone counting KEYS and ARGV positions by hand.
 *
 * Each domain exports a step: the Lua functions it contributes, and the keys and arguments they
 * need, by name. `assembleScript` gives every key and argument its position and binds them to
 * `K.<step>.<name>` and `A.<step>.<name>` before the steps' Lua, so a step's functions read
 * `K.audit.all` and never `KEYS[6]`. A list (a variable number of keys or arguments) is bound as a
 * Lua table. Adding a key to one step moves no one else's.
 *
 * Keys go in KEYS (as Redis asks of scripts); everything else in ARGV. The script's text names the
 * positions, so two calls with lists of different lengths are different scripts to Redis' cache:
 * a handful of variants, each cached once.
 */
export type Slots = Readonly<Record<string, string | readonly string[]>>;

export interface ScriptStep {
  /** A Lua identifier: the step's keys are `K.<name>.*`, its arguments `A.<name>.*`. */
  readonly name: string;
  /** Lua run once before the main body: the step's `local function`s, which may read K and A. */
  readonly lua: string;
  readonly keys: Slots;
  readonly args: Slots;
}

export interface AssembledScript {
  script: string;
  keys: string[];
  args: string[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LUA_KEYWORDS = new Set(
  'and break do else elseif end false for function goto if in local nil not or repeat return then true until while'.split(
    ' ',
  ),
);

function identifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name) || LUA_KEYWORDS.has(name))
    throw new Error(`${what} '${name}' is not a Lua identifier`);
  return name;
}

/** Binds one step's slots to positions in `values`, appending to it; returns the Lua table text. */
function bind(slots: Slots, values: string[], array: 'KEYS' | 'ARGV', step: string): string {
  const fields = Object.entries(slots).map(([name, value]) => {
    identifier(name, `${step}'s ${array === 'KEYS' ? 'key' : 'argument'}`);
    if (typeof value === 'string') {
      values.push(value);
      return `${name} = ${array}[${values.length}]`;
    }
    const positions = value.map((item) => {
      values.push(item);
      return `${array}[${values.length}]`;
    });
    return `${name} = { ${positions.join(', ')} }`;
  });
  return `{ ${fields.join(', ')} }`;
}

/**
 * The script of `steps` followed by `main`, with every step's keys and arguments in place. Steps
 * are bound in the order given; two steps of one name are a mistake of the caller (thrown).
 */
export function assembleScript(steps: readonly ScriptStep[], main: string): AssembledScript {
  const keys: string[] = [];
  const args: string[] = [];
  const seen = new Set<string>();
  const binding = ['local K, A = {}, {}'];
  for (const step of steps) {
    const name = identifier(step.name, 'step');
    if (seen.has(name)) throw new Error(`step '${name}' is given twice`);
    seen.add(name);
    binding.push(`K.${name} = ${bind(step.keys, keys, 'KEYS', name)}`);
    binding.push(`A.${name} = ${bind(step.args, args, 'ARGV', name)}`);
  }
  const script = [...binding, ...steps.map((step) => step.lua.trim()), main.trim()].join('\n');
  return { script, keys, args };
}
