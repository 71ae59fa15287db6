import { describe, expect, inject, it } from 'vitest';

// The local Upstash bridge passes the product's commands to redis-server, never its administration:
// with CONFIG SET dir and SAVE a caller holding the token would write files anywhere redis-server may.
const { url, token } = inject('testStore');

async function post(path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('the local Upstash bridge', () => {
  it.each([
    ['CONFIG', 'GET', 'dir'],
    ['config', 'SET', 'dbfilename', 'planted.rdb'],
    ['SAVE'],
    ['BGSAVE'],
    ['MODULE', 'LIST'],
    ['REPLICAOF', 'NO', 'ONE'],
    ['DEBUG', 'SLEEP', '0'],
    ['ACL', 'WHOAMI'],
  ])('refuses %s, alone, in a pipeline and in a transaction', async (...command) => {
    const refusal = { error: `ERR ${command[0]?.toUpperCase()} is not supported over REST` };
    expect(await post('/', command)).toEqual({ status: 400, body: refusal });
    expect(await post('/pipeline', [['PING'], command])).toEqual({ status: 400, body: refusal });
    expect(await post('/multi-exec', [command])).toEqual({ status: 400, body: refusal });
  });
});
