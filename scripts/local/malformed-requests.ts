import type { Server } from 'node:http';
import { API_SECURITY_HEADERS } from '../../functions/_lib/http/json-response.ts';

// Node answers a request it cannot parse (a bad request line, headers too large, a client too
// slow) before any handler runs, with a bare status line. The local servers answer it themselves,
// with the security headers every other answer carries, as Netlify's edge does.
const STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // A connection reset or closed mid-request has nobody left to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, reason] = STATUS[error.code ?? ''] ?? [400, 'Bad Request'];
    const body = JSON.stringify({ error: `${reason}: the request could not be read.` });
    const headers = {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${body}`);
  });
}
