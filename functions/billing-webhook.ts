import type { Config } from '@netlify/functions';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { receiveStripeWebhook } from './_lib/billing/webhook.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { getDeps } from './_lib/deps.ts';

export default (request: Request) =>
  receiveStripeWebhook(request, { ...getDeps(), ...getBillingPorts(), ...getChatPorts() });

export const config: Config = { path: '/api/billing/webhook' };
