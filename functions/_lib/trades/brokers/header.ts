/**
 * Headers recognised by meaning: a format names the fields it needs and may have, each with the
 * spellings exports use; a header fits when every needed field is there, in any order, whatever
 * else it holds. Case, spaces and `_` are ignored (`P / L` = `P/L`, `Exec Time` = `ExecTime`).
 */

/**
 * A header name compared without case, spaces, `_`, a trailing `:` or unit mark (`Price ($)`,
 * `Price $`, `Quantity #`, `Amount (USD)` are `price`, `price`, `quantity`, `amount`).
 */
export function normName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s_]+/g, '')
    .replace(/:$/, '')
    .replace(/\((?:\$|usd|cad)\)$|(?<=[a-z])[$#]$/, '');
}

/** Field → the spellings of its column, most usual first. */
export type Fields = Readonly<Record<string, readonly string[]>>;

export interface Schema<F extends Fields = Fields> {
  fields: F;
  /** Fields without which a row cannot be read. */
  required: readonly (keyof F & string)[];
  /** Names only this export has: they make it win over a looser format that also fits. */
  distinctive?: readonly string[];
}

/** How well one header record fits a schema. */
export interface Fit {
  /** Every required field found. */
  complete: boolean;
  /** Fields found + 3 for each distinctive name: the more specific format wins. */
  score: number;
  /** Required fields not found, by their usual name. */
  missing: string[];
  /** Required fields found. */
  found: number;
  /**
   * How many of the header's names this format reads (any field's spelling): detection's coverage
   * is this share of the header. Absent for formats recognised by a marker line (coverage 1).
   */
  reads?: number;
}

/** The normalised names of a header record, for many schema checks against one record. */
export function nameSet(cells: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const cell of cells) {
    const key = normName(cell);
    if (key !== '') set.add(key);
  }
  return set;
}

const normCache = new Map<string, string>();
function cachedNorm(name: string): string {
  let key = normCache.get(name);
  if (key === undefined) {
    key = normName(name);
    normCache.set(name, key);
  }
  return key;
}

export function fitSchema<F extends Fields>(schema: Schema<F>, names: ReadonlySet<string>): Fit {
  let score = 0;
  let found = 0;
  const missing: string[] = [];
  const read = new Set<string>();
  for (const [field, aliases] of Object.entries(schema.fields)) {
    let here = false;
    for (const alias of aliases) {
      const key = cachedNorm(alias);
      if (names.has(key)) {
        here = true;
        read.add(key);
      }
    }
    if (here) score++;
    if ((schema.required as readonly string[]).includes(field)) {
      if (here) found++;
      else missing.push(aliases[0] ?? field);
    }
  }
  for (const name of schema.distinctive ?? []) if (names.has(cachedNorm(name))) score += 3;
  return { complete: missing.length === 0, score, missing, found, reads: read.size };
}
