/**
 * The first-visit welcome: set when a payment goes through, shown on the dashboard until the member
 * closes it. Kept in this browser only (a member paying on a phone and opening a laptop later is
 * greeted on the phone), which is all a greeting needs.
 */
export const WELCOME_KEY = 'welcome-due-1';

export function markWelcomeDue(): void {
  try {
    localStorage.setItem(WELCOME_KEY, String(Date.now()));
  } catch {
    // storage disabled: no greeting, nothing else changes
  }
}

export function welcomeDue(): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) !== null;
  } catch {
    return false;
  }
}

export function dismissWelcome(): void {
  try {
    localStorage.removeItem(WELCOME_KEY);
  } catch {
    // storage disabled: closed for this visit only
  }
}
