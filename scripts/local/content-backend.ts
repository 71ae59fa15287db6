import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { EditorCall } from './editor-calls.ts';

type Next = (error?: unknown) => void;
type ExpressApp = ((req: IncomingMessage, res: ServerResponse, next: Next) => void) & {
  disable(setting: string): void;
};

const require = createRequire(import.meta.url);
// decap-server's middlewares, as Gatsby and create-react-app projects mount them in their own dev
// server (dist/middlewares), on the Express decap-server is built against.
const { registerLocalFs } = require('decap-server/dist/middlewares') as {
  registerLocalFs(app: ExpressApp, options: { logLevel?: string }): Promise<void>;
};
const express = createRequire(require.resolve('decap-server'))('express') as () => ExpressApp;

export interface ContentBackend {
  /** The project whose files it edits. */
  root: string;
  /** Runs a call already checked (editor-calls.ts) and writes decap-server's answer to `res`. */
  run(call: EditorCall, req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/**
 * The content editor's local backend: Decap's own decap-server in its "fs" mode (no commits, no
 * account), writing the files of `root`. It runs inside the local server, behind its checks
 * (editor-access.ts, editor-calls.ts), and listens on no port of its own: a port would let any page
 * or process of this machine call it around those checks.
 */
export async function startContentBackend(root: string): Promise<ContentBackend> {
  const app = express();
  app.disable('x-powered-by');
  // decap-server takes the folder it edits from the environment, read while its routes are registered
  // (synchronously, before the first await): set for that moment only.
  const previous = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = root;
  const registered = registerLocalFs(app, { logLevel: 'warn' });
  if (previous === undefined) delete process.env.GIT_REPO_DIRECTORY;
  else process.env.GIT_REPO_DIRECTORY = previous;
  await registered;
  return {
    root,
    run: (call, req, res) =>
      new Promise((resolve, reject) => {
        // The body is read and checked already; decap-server's JSON parser skips a request marked
        // parsed (body-parser's `_body`), so only the checked call reaches its handler.
        Object.assign(req, { url: '/api/v1', body: call, _body: true });
        res.once('close', resolve);
        app(req, res, (error) => reject(error ?? new Error('decap-server did not answer the call')));
      }),
  };
}
