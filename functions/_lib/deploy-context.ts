/**
 * Whether the functions run on a Netlify deploy (production, a deploy preview, a branch deploy),
 * judged from what Netlify itself sets. Read by config.ts: on a deploy, no local stand-in is chosen.
 *
 * - CONTEXT: the deploy context in Netlify builds; Netlify's local tooling (`netlify dev`, and the
 *   @netlify/vite-plugin behind `npm run dev`) sets it to 'dev'.
 * - NETLIFY=true: set in every Netlify build.
 * - SITE_ID: one of the few read-only variables Netlify documents for functions at runtime (CONTEXT
 *   and NETLIFY are build-time variables and cannot be relied on there). `netlify dev` sets it too on
 *   a linked site, always beside CONTEXT=dev.
 * - the request's deploy context (Netlify's runtime reads its x-nf-deploy-context header into
 *   Netlify.context.deploy.context): the one runtime source of the context itself; empty locally.
 *
 * `npm start`, the tests and the journeys set none of these; `npm run dev` only CONTEXT=dev. AWS
 * Lambda's own variables (AWS_LAMBDA_FUNCTION_NAME…) are no sign: Netlify's local function runtime
 * (lambda-local, under `netlify dev` and tests/functions/netlify-runtime.test.ts) sets them too.
 */
export function onNetlifyDeploy(
  env: Record<string, string | undefined>,
  requestContext?: string | null,
): boolean {
  const contexts = [env.CONTEXT, requestContext].filter((context) => Boolean(context));
  // Any named context but Netlify's local one is a deploy ('dev-server' included: it runs on Netlify).
  if (contexts.some((context) => context !== 'dev')) return true;
  if (contexts.length > 0) return false;
  return env.NETLIFY === 'true' || Boolean(env.SITE_ID);
}

interface NetlifyGlobal {
  context?: { deploy?: { context?: string } } | null;
}

/**
 * The deploy context of the request being served, from the Netlify runtime's global (null outside a
 * request and where no Netlify runtime is loaded: `npm start`, the tests).
 */
export function requestDeployContext(): string | null {
  const netlify = (globalThis as { Netlify?: NetlifyGlobal }).Netlify;
  return netlify?.context?.deploy?.context || null;
}
