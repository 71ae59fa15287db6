import type { Config } from '../config.ts';
import { getConfig, getDeps } from '../deps.ts';
import type { Store } from '../store.ts';
import type { Chat } from './port.ts';

/** The chat port, for the functions that issue invites or follow membership changes. */
export interface ChatPorts {
  /** Discord, or the local invites; the adapter loads on first use. */
  chat: () => Promise<Chat>;
}

let cached: ChatPorts | undefined;

export function getChatPorts(): ChatPorts {
  cached ??= { chat: lazyChat(getConfig().chat, getDeps().store) };
  return cached;
}

function lazyChat(config: Config['chat'], store: Store): () => Promise<Chat> {
  let chat: Promise<Chat> | undefined;
  return () => {
    chat ??=
      config.kind === 'discord'
        ? import('./discord-chat.ts').then((m) => m.createDiscordChat(config))
        : import('./local-chat.ts').then((m) => m.createLocalChat(store, config.inviteBase));
    return chat;
  };
}
