import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatsMarkdown } from '../../functions/_lib/trades/brokers/format-table.ts';
import { BROKER_FORMATS } from '../../functions/_lib/trades/brokers/index.ts';

// The documented format table is the registry's own: a format added or described differently
// changes docs/broker-formats.md in the same commit (`npm run trades:parse -- --formats --markdown`).
describe('docs/broker-formats.md', () => {
  it('lists every format the importer reads, as the registry describes it', () => {
    const page = readFileSync(new URL('../../docs/broker-formats.md', import.meta.url), 'utf8');
    const table = /<!-- formats:start -->\n([\s\S]*?)\n<!-- formats:end -->/.exec(page)?.[1];
    expect(table, 'the table between <!-- formats:start --> and <!-- formats:end -->').toBe(
      formatsMarkdown(BROKER_FORMATS),
    );
  });
});
