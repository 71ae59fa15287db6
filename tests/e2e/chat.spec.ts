import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The chat invite end to end: a member asks for an invite on /chat and on /account and opens it on
// the local chat's invite page (the stand-in for Discord); a visitor gets the join prompt.

const form = (page: Page, heading: string) =>
  page.locator('form', { has: page.getByRole('heading', { name: heading }) });

test('a member gets a single-use invite on /chat and /account, and opens it once', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { sub } = await signInNewMember(page);
  // Its own name on every run (a name is one member's for good), typed with capitals to see them folded.
  const username = `e2e.trader_${randomUUID().slice(0, 8)}`;
  await page.goto('/chat');
  await expect(page).toHaveTitle('Chat | OTC Edge');
  const chat = form(page, "Your invite to the members' chat");

  // Required, and Discord's rules, before anything is sent.
  await chat.getByRole('button', { name: 'Get Invite' }).click();
  await expect(chat.getByRole('alert')).toHaveText('Enter your Discord username');
  await chat.getByLabel('Discord username').fill('two..dots');
  await chat.getByRole('button', { name: 'Get Invite' }).click();
  await expect(chat.getByRole('alert')).toHaveText('A Discord username cannot have two periods in a row');

  await chat.getByLabel('Discord username').fill(username.replace('e2e.trader', 'E2E.Trader'));
  await chat.getByRole('button', { name: 'Get Invite' }).click();
  const link = chat.getByLabel('Your invite link');
  await expect(link).toHaveValue(/^http:\/\/localhost:\d+\/invite\/[\w-]+$/);
  const invite = await link.inputValue();
  await expect(chat.getByText(`For ${username}. It works once`, { exact: false })).toBeVisible();
  await chat.getByRole('button', { name: 'Copy' }).click();
  await expect(chat.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invite);

  // /account: the same link while it is unused.
  await page.goto('/account');
  const account = form(page, 'Chat Community');
  await account.getByLabel('Discord username').fill(username);
  await account.getByRole('button', { name: 'Get Invite' }).click();
  await expect(account.getByLabel('Your invite link')).toHaveValue(invite);

  // Open: the local community's page says whose invite it is, then that it was used.
  const [joined] = await Promise.all([
    context.waitForEvent('page'),
    account.getByRole('link', { name: 'Open' }).click(),
  ]);
  await expect(joined.getByRole('heading', { name: 'You joined the members’ chat' })).toBeVisible();
  await expect(joined.locator('[data-member]')).toHaveText(sub);
  await expect(joined.locator('[data-username]')).toHaveText(username);
  await joined.reload();
  await expect(joined.getByRole('heading', { name: 'This invite has already been used' })).toBeVisible();
  await joined.close();

  // Used: asking again gives a new link.
  await account.getByRole('button', { name: 'Get Invite' }).click();
  await expect(account.getByLabel('Your invite link')).not.toHaveValue(invite);
  await expect(account.getByLabel('Your invite link')).toHaveValue(/\/invite\//);
});

test("a username another member holds is refused, in the server's words", async ({ page, browser }) => {
  const username = `e2e.${randomUUID().slice(0, 8)}`;
  const ask = async (member: Page) => {
    await member.goto('/chat');
    const chat = form(member, "Your invite to the members' chat");
    await chat.getByLabel('Discord username').fill(username);
    await chat.getByRole('button', { name: 'Get Invite' }).click();
    return chat;
  };
  await signInNewMember(page);
  await expect((await ask(page)).getByLabel('Your invite link')).toHaveValue(/\/invite\//);

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signInNewMember(second);
    const chat = await ask(second);
    await expect(chat.getByRole('alert')).toHaveText(
      'That username is linked to another member. If it is yours, contact support.',
    );
    await expect(chat.getByLabel('Your invite link')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test("'No User Found' when the app has no stored user", async ({ page }) => {
  await signInNewMember(page);
  // On every page load the sign-in SDK, once loaded, stores the session again, the user with it
  // (auth/AuthRuntime.tsx). It has no request of its own, so it can come after the network is idle:
  // the user is removed only once that store is counted, or it would put the user back.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    const counted = window as unknown as { userStores: number };
    counted.userStores = 0;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'user') counted.userStores += 1;
      setItem.call(this, key, value);
    };
  });
  await page.goto('/chat');
  const chat = form(page, "Your invite to the members' chat");
  await expect(chat).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { userStores: number }).userStores > 0);
  await page.evaluate(() => localStorage.removeItem('user'));
  await chat.getByLabel('Discord username').fill('someone');
  await chat.getByRole('button', { name: 'Get Invite' }).click();
  await expect(chat.getByRole('alert')).toHaveText('No User Found');
});

test('a visitor sees the join prompt on /chat', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trade alongside the community' })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'Join Now' })).toBeVisible();
  await expect(page.getByLabel('Discord username')).toHaveCount(0);
});
