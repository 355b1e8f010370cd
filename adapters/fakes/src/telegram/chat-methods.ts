import type { ServerResponse } from 'node:http';
import type { ChatMembers } from './chat-members.js';
import { toChatMember } from './chat-members.js';
import { toChatFullInfo } from './payloads.js';
import { fail, ok } from './replies.js';
import type { TelegramChat, TelegramUser } from './types.js';

/** A Bot API method of the fake: it reads the parameters and answers on `res`. */
export type MethodHandler = (params: Record<string, unknown>, res: ServerResponse) => void;

/** The fake's state the chat methods read. */
export interface ChatState {
  chats: ReadonlyMap<number, TelegramChat>;
  users: ReadonlyMap<number, TelegramUser>;
  members: ChatMembers;
  /** The bot's own user id: `getChatAdministrators` lists it even though it is a bot. */
  botId: number;
}

/** `getChat`, `getChatMember` and `getChatAdministrators`, keyed by lower-case method name. */
export function createChatMethods(state: ChatState): Record<string, MethodHandler> {
  const { chats, users, members } = state;
  // A chat is known once a message arrived in it or a test set a member's status there.
  const knows = (chatId: number): boolean => chats.has(chatId) || members.hasChat(chatId);

  return {
    getchat: (params, res) => {
      const chat = chats.get(Number(params.chat_id));
      if (!chat) return fail(res, 400, 'Bad Request: chat not found');
      ok(res, toChatFullInfo(chat));
    },
    getchatmember: (params, res) => {
      const chatId = Number(params.chat_id);
      if (!knows(chatId)) return fail(res, 400, 'Bad Request: chat not found');
      const user = users.get(Number(params.user_id));
      if (!user) return fail(res, 400, 'Bad Request: user not found');
      ok(res, toChatMember(members.statusOf(chatId, user.id), user));
    },
    getchatadministrators: (params, res) => {
      const chatId = Number(params.chat_id);
      if (!knows(chatId)) return fail(res, 400, 'Bad Request: chat not found');
      if (chats.get(chatId)?.type === 'private') {
        return fail(res, 400, 'Bad Request: there are no administrators in the private chat');
      }
      // As on Telegram, other bots are listed only with return_bots.
      const admins = members
        .administratorsOf(chatId)
        .map((id) => users.get(id))
        .filter((user): user is TelegramUser => user !== undefined)
        .filter((user) => !user.is_bot || user.id === state.botId || params.return_bots === true);
      ok(
        res,
        admins.map((user) => toChatMember(members.statusOf(chatId, user.id), user)),
      );
    },
  };
}
