// A stand-in token issuer for function tests: a real RS256 key pair and a real JWKS endpoint over
// HTTP, so the functions' verifier (jose + remote key set) runs exactly as against Auth0. Tests sign
// tokens with the private key (see tokens.ts). The browser journeys use the full local provider.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface TestIssuer {
  domain: string;
  issuer: string;
  audience: string;
  privateJwk: JWK;
  /** How many times the JWKS was fetched (tests check the cache and the unknown-kid refetch). */
  jwksHits(): number;
  close(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key-1';
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  let hits = 0;
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    if (req.url === '/__hits') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ hits }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const domain = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    domain,
    issuer: `${domain}/`,
    audience: 'https://api.otcedge.test',
    privateJwk,
    jwksHits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
