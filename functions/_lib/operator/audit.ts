/**
 * The audit log (docs/operator.md): every billing state change and every operator action, who made
 * it, when, and the record before and after. Two append-only LISTs, oldest first: `ops:audit` (all)
 * and `ops:audit:{sub}` (one member's). An entry is appended by the same script as the change it
 * records, so there is never a change without its entry nor an entry without its change; nothing
 * in the product edits or removes one. An entry's id is its position in the list it was read from.
 */
import type { LedgerEntry } from '../contract/operator.ts';
import { numberColumn, textCell, textColumn, toCsv } from '../csv.ts';
import { logError } from '../http/log.ts';
import type { ScriptStep } from '../script-steps.ts';
import type { Store } from '../store.ts';
import { memberFields, opsKeys } from './keys.ts';

/** The operator who acted, the member themselves, or 'billing' (the card provider, our billing clock). */
export type AuditActor = { sub: string; email: string | null } | 'billing' | 'member';

export interface AuditEntry {
  /** ms since the epoch. */
  at: number;
  /** The operator who acted, or 'billing' for the card provider's and our own billing changes. */
  actor: AuditActor;
  /** What happened: `billing.state` for a stored subscription state; operator actions name theirs. */
  action: string;
  /** The member it happened to (token subject). */
  member: string;
  before: unknown;
  after: unknown;
  /** The money the change moved, as the ledger recorded it, when it moved any. */
  charge?: LedgerEntry | null;
}

export interface AuditRow extends AuditEntry {
  /** The entry's position in the list it was read from (stable: the lists only grow). */
  id: number;
  charge: LedgerEntry | null;
}

export const AUDIT_PAGE_SIZE = 50;
/** An export stops here, with a last line saying so: a bigger one is filtered per member. */
export const EXPORT_MAX_ROWS = 100_000;
const EXPORT_PAGE = 1000;

/**
 * The Lua that appends an entry to both lists, for a script that makes a change: call
 * `audit(globalKey, memberKey, entryJson)` after the change, in the same script.
 */
export const AUDIT_APPEND_LUA = `
local function audit(all, mine, entry)
  redis.call('RPUSH', all, entry)
  redis.call('RPUSH', mine, entry)
end`;

/**
 * The audit step of a script that changes a member's record (script-steps.ts): `audit_change(before,
 * after, charge)` appends one entry, made around the stored JSON texts kept byte for byte (a value
 * that is not JSON becomes null; `before` may be false: nothing was stored), with the money the
 * change moved (a ledger entry's JSON, or nil).
 */
export function auditStep(entry: {
  at: number;
  actor: AuditActor;
  action: string;
  member: string;
}): ScriptStep {
  return {
    name: 'audit',
    keys: { all: opsKeys.audit, mine: opsKeys.memberAudit(entry.member) },
    args: {
      head: `{"at":${Math.floor(entry.at)},"actor":${JSON.stringify(entry.actor)},"action":${JSON.stringify(entry.action)},"member":${JSON.stringify(entry.member)}`,
    },
    lua: `${AUDIT_APPEND_LUA}
local function audit_change(before, after, charge)
  local function json_or_null(text)
    if not text then return 'null' end
    local ok = pcall(cjson.decode, text)
    if ok then return text end
    return 'null'
  end
  audit(K.audit.all, K.audit.mine, A.audit.head .. ',"before":' .. json_or_null(before)
    .. ',"after":' .. json_or_null(after) .. ',"charge":' .. (charge or 'null') .. '}')
end`,
  };
}

// KEYS: the global list, the member's. ARGV: the entry's JSON.
const APPEND = `${AUDIT_APPEND_LUA}
audit(KEYS[1], KEYS[2], ARGV[1])
return 1`;

/** Appends one entry to the log (both lists at once): for a change that has no script of its own. */
export async function appendAudit(store: Store, entry: AuditEntry): Promise<void> {
  await store.eval(APPEND, [opsKeys.audit, opsKeys.memberAudit(entry.member)], [JSON.stringify(entry)]);
}

// KEYS: a list. ARGV: the position to start from going back ('' for the newest), how many.
// → { position of the first entry returned (-1 when none), entries newest first … }. One round trip;
// LLEN and LRANGE in one script, so the positions are those of the entries read.
const PAGE = `
local n = redis.call('LLEN', KEYS[1])
local from = n - 1
if ARGV[1] ~= '' then from = math.min(tonumber(ARGV[1]), n - 1) end
if from < 0 then return {-1} end
local to = math.max(0, from - tonumber(ARGV[2]) + 1)
local items = redis.call('LRANGE', KEYS[1], to, from)
local out = {from}
for i = #items, 1, -1 do out[#out + 1] = items[i] end
return out`;

/** A page of the log, newest first, from position `cursor` back (null: from the newest). */
export async function readAudit(
  store: Store,
  options: { member?: string | undefined; cursor?: number | null | undefined; limit?: number },
): Promise<{ entries: AuditRow[]; next: number | null }> {
  const key = options.member ? opsKeys.memberAudit(options.member) : opsKeys.audit;
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const reply = (await store.eval(
    PAGE,
    [key],
    [options.cursor == null ? '' : String(options.cursor), String(limit)],
  )) as unknown[];
  const from = Number(reply[0]);
  if (!(from >= 0)) return { entries: [], next: null };
  const entries = reply.slice(1).map((raw, i) => toRow(String(raw), from - i));
  const last = from - entries.length;
  return { entries, next: last >= 0 ? last : null };
}

/**
 * The page's entries with each member's email as the index holds it now (one pipeline, one read a
 * member): the console names members by it. Read at read time, never stored in the log, so a
 * changed email shows the new one and a deleted member (no index) shows none.
 */
export async function withMemberEmails(
  store: Store,
  entries: AuditRow[],
): Promise<Array<AuditRow & { memberEmail: string | null }>> {
  const members = [...new Set(entries.map((e) => e.member).filter((m) => m && !m.startsWith('deleted:')))];
  if (members.length === 0) return entries.map((e) => ({ ...e, memberEmail: null }));
  const pipe = store.pipeline();
  for (const member of members) pipe.hget(opsKeys.member(member), memberFields.email);
  const emails = await pipe.exec<Array<string | null>>();
  const byMember = new Map(members.map((m, i) => [m, emails[i] ? String(emails[i]) : null]));
  return entries.map((e) => ({ ...e, memberEmail: byMember.get(e.member) ?? null }));
}

function toRow(raw: string, id: number): AuditRow {
  let parsed: Partial<AuditEntry> = {};
  try {
    parsed = JSON.parse(raw) as Partial<AuditEntry>;
  } catch {}
  return {
    id,
    at: typeof parsed.at === 'number' ? parsed.at : 0,
    actor: parsed.actor ?? 'billing',
    action: typeof parsed.action === 'string' ? parsed.action : 'unknown',
    member: typeof parsed.member === 'string' ? parsed.member : '',
    before: parsed.before ?? null,
    after: parsed.after ?? null,
    charge: parsed.charge ?? null,
  };
}

const actorSub = (row: AuditRow) => (typeof row.actor === 'string' ? row.actor : row.actor.sub);
const actorEmail = (row: AuditRow) => (typeof row.actor === 'string' ? '' : (row.actor.email ?? ''));

/** The export's columns: free text neutralised (csv.ts), before and after as their JSON. */
export const AUDIT_COLUMNS = [
  numberColumn<AuditRow>('id', (row) => row.id),
  textColumn<AuditRow>('at', (row) => new Date(row.at).toISOString()),
  textColumn<AuditRow>('actor', actorSub),
  textColumn<AuditRow>('actor email', actorEmail),
  textColumn<AuditRow>('action', (row) => row.action),
  textColumn<AuditRow>('member', (row) => row.member),
  textColumn<AuditRow>('before', (row) => JSON.stringify(row.before)),
  textColumn<AuditRow>('after', (row) => JSON.stringify(row.after)),
  textColumn<AuditRow>('charge', (row) => (row.charge ? JSON.stringify(row.charge) : '')),
];

/**
 * The log (or one member's) as CSV, newest first, read a page at a time as the download is
 * pulled: memory stays one page whatever the log's size. At most EXPORT_MAX_ROWS rows; a longer log
 * ends with a line saying so. A store failure midway ends the file with a line saying it is
 * incomplete (the status was sent with the first bytes), and is logged.
 */
export function exportAudit(
  store: Store,
  request: Request,
  member?: string,
  maxRows = EXPORT_MAX_ROWS,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: number | null | undefined;
  let sent = 0;
  let header = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const limit = Math.min(EXPORT_PAGE, maxRows - sent);
          const { entries, next } = await readAudit(store, { member, cursor, limit });
          // toCsv writes a header line; every page after the first drops it.
          const text = toCsv(AUDIT_COLUMNS, entries);
          controller.enqueue(encoder.encode(header ? text : text.slice(text.indexOf('\r\n') + 2)));
          header = false;
          sent += entries.length;
          cursor = next;
          if (next === null) return controller.close();
          if (sent >= maxRows) {
            controller.enqueue(
              encoder.encode(
                lastLine(
                  `More than ${maxRows} entries: this file holds the newest ${maxRows}. Export one member's log for the rest.`,
                ),
              ),
            );
            controller.close();
          }
        } catch (error) {
          logError(request, error);
          controller.enqueue(
            encoder.encode(
              lastLine('The export stopped early (the store failed): this file is incomplete. Export again.'),
            ),
          );
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
}

const lastLine = (text: string) => `${textCell(text)}\r\n`;
