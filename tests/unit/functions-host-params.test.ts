import { describe, expect, it } from 'vitest';
import { type FunctionRoute, matchFunction, matchPath } from '../../scripts/local/functions-host.ts';

// The local server routes by `config.path` as Netlify does: exact segments, and `:name` segments
// handed to the function as context.params.

describe('matchPath', () => {
  it.each([
    ['/certificates/:id', '/certificates/abc', { id: 'abc' }],
    ['/certificates/:id/preview.png', '/certificates/abc/preview.png', { id: 'abc' }],
    ['/a/:x/b/:y', '/a/1/b/2', { x: '1', y: '2' }],
    ['/certificates/:id', '/certificates/a%2Fb', { id: 'a%2Fb' }],
    ['/api/health', '/api/health', {}],
  ])('%s matches %s', (pattern, pathname, params) => {
    expect(matchPath(pattern, pathname)).toEqual(params);
  });

  it.each([
    ['/certificates/:id', '/certificates'],
    ['/certificates/:id', '/certificates/'],
    ['/certificates/:id', '/certificates/abc/preview.png'],
    ['/certificates/:id/preview.png', '/certificates/abc'],
    ['/certificates/:id/preview.png', '/certificates/abc/preview.jpg'],
    ['/certificates/:id', '/certificatesx/abc'],
    ['/api/health', '/api/healthz'],
  ])('%s does not match %s', (pattern, pathname) => {
    expect(matchPath(pattern, pathname)).toBeNull();
  });
});

describe('matchFunction', () => {
  const calls: Array<{ name: string; context: unknown }> = [];
  const route = (name: string, path: string): FunctionRoute => ({
    name,
    path,
    handler: (_request, context) => {
      calls.push({ name, context });
      return new Response(name);
    },
  });
  const routes = [
    route('page', '/certificates/:id'),
    route('image', '/certificates/:id/preview.png'),
    route('special', '/certificates/latest'),
    route('health', '/api/health'),
  ];
  const call = async (pathname: string) => {
    calls.length = 0;
    const fn = matchFunction(routes, pathname);
    if (!fn) return undefined;
    await fn.handler(new Request(`http://localhost${pathname}`), { ip: '127.0.0.1' });
    return calls[0];
  };

  it('hands the parameters to the function in context.params, beside the host context', async () => {
    expect(await call('/certificates/abc')).toEqual({
      name: 'page',
      context: { ip: '127.0.0.1', params: { id: 'abc' } },
    });
    expect(await call('/certificates/abc/preview.png')).toEqual({
      name: 'image',
      context: { ip: '127.0.0.1', params: { id: 'abc' } },
    });
  });

  it('ignores a trailing slash, as before', async () => {
    expect((await call('/certificates/abc/'))?.name).toBe('page');
    expect((await call('/api/health/'))?.name).toBe('health');
  });

  it('prefers an exact path to one with parameters, and passes exact routes unchanged', async () => {
    expect((await call('/certificates/latest'))?.name).toBe('special');
    expect(matchFunction(routes, '/api/health')).toBe(routes[3]);
  });

  it('matches nothing else', () => {
    expect(matchFunction(routes, '/certificates')).toBeUndefined();
    expect(matchFunction(routes, '/certificates/abc/other.png')).toBeUndefined();
    expect(matchFunction(routes, '/learn/x')).toBeUndefined();
  });
});
