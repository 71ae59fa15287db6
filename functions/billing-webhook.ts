import type { Config } from '@netlify/functions';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { receiveStripeWebhook } from './_lib/billing/webhook.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { getDeps } from './_lib/deps.ts';
import { errorResponse } from './_lib/http/handler.ts';

export default async (request: Request): Promise<Response> => {
  let deps: Parameters<typeof receiveStripeWebhook>[1];
  try {
    deps = { ...getDeps(), ...getBillingPorts(), ...getChatPorts() };
  } catch (error) {
    // A configuration error (a missing Stripe setting) is a logged 500 with the generic message, as
    // on every other function, never Netlify's crash page with the error's text.
    return errorResponse(error, request);
  }
  return receiveStripeWebhook(request, deps);
};

export const config: Config = { path: '/api/billing/webhook' };
