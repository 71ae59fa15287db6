import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An answer's status, headers and body as text, once it has ended. */
export function readAnswer(res: http.IncomingMessage): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
    });
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    res.on('error', reject);
  });
}

/**
 * A request to 127.0.0.1:`port` with exactly these headers: any Host, Origin or Sec-Fetch-Site
 * (fetch sets some of them itself).
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) =>
      readAnswer(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(body);
  });
}
