import { localFlag } from './local-flag.ts';

/**
 * The first-visit welcome: set when a payment goes through, shown on the dashboard until the member
 * closes it. Kept in this browser only (a member paying on a phone and opening a laptop later is
 * greeted on the phone), which is all a greeting needs.
 */
export const WELCOME_KEY = 'welcome-due-1';
const welcome = localFlag(WELCOME_KEY);

export const markWelcomeDue = () => welcome.set(String(Date.now()));
export const welcomeDue = () => welcome.isSet();
export const dismissWelcome = () => welcome.clear();
