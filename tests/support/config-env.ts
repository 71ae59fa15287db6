// Settings for the configuration tests: fake values shaped like the real ones.

/** What every site needs, on this machine (the local provider's http:// origin) or deployed. */
export const local = {
  UPSTASH_REDIS_REST_URL: 'https://eu1-fine-cat.upstash.io',
  UPSTASH_REDIS_REST_TOKEN: 'tok',
  AUTH0_DOMAIN: 'http://localhost:8889',
  AUTH0_AUDIENCE: 'https://api.otcedge.app',
  AUTH0_CLIENT_ID: 'spa-client',
};

export const managementEnv = { AUTH0_MGMT_CLIENT_ID: 'm2m', AUTH0_MGMT_CLIENT_SECRET: 'shh' };

export const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_PRICE_MONTHLY: 'price_month',
  STRIPE_PRICE_YEARLY: 'price_year',
};

export const discordEnv = {
  DISCORD_BOT_TOKEN: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz012345',
  DISCORD_GUILD_ID: '123456789012345678',
  DISCORD_INVITE_CHANNEL_ID: '223456789012345678',
  DISCORD_MEMBER_ROLE_ID: '323456789012345678',
};

export const mailEnv = {
  SMTP_URL: 'smtps://apikey:secret@smtp.example.com:465',
  MAIL_FROM: 'OTC Edge <members@otcedge.app>',
};

/** An Auth0 tenant with every production credential: what a deployed site has. */
export const production = {
  ...local,
  AUTH0_DOMAIN: 'otcedge.us.auth0.com',
  ...managementEnv,
  ...stripeEnv,
  ...discordEnv,
  ...mailEnv,
};
