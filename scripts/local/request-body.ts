import type { IncomingMessage } from 'node:http';

/**
 * A request's body, or null once it passes `limit` bytes. A declared length over the limit is refused
 * before a byte is read; a chunked body declares none, so its bytes are counted as they arrive and the
 * reading stops at the first one past the limit: the caller answers 413 and closes the connection
 * instead of taking in an upload of any size first.
 */
export function readWithin(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData).off('end', onEnd).off('error', reject).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done();
      // Paused, not destroyed: the socket must stay open for the 413.
      req.pause();
      resolve(null);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onClose = () => {
      done();
      reject(new Error('The client closed the connection before the body was sent'));
    };
    req.on('data', onData).once('end', onEnd).once('error', reject).once('close', onClose);
  });
}
