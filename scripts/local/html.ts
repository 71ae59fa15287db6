/** Text for the local stand-ins' HTML pages (sign-in provider, chat invites): never markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
