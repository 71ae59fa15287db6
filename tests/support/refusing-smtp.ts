import { createServer, type Server, type Socket } from 'node:net';

/**
 * A real SMTP server that refuses every recipient for good (550 to RCPT TO), as a provider does for
 * a mailbox that does not exist: the drain dead-letters the email at the first try. It speaks just
 * enough SMTP for nodemailer (greeting, EHLO, MAIL, RCPT, RSET, QUIT).
 */
export async function startRefusingSmtp(): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    socket.write('220 refusing.test ESMTP\r\n');
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const verb = buffered.slice(0, end).split(' ')[0]?.toUpperCase() ?? '';
        buffered = buffered.slice(end + 2);
        if (verb === 'EHLO') socket.write('250-refusing.test\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') socket.write('550 5.1.1 No such mailbox here\r\n');
        else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
