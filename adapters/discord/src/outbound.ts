import type { Mention, Outbound } from '@limbic/bot-kit';
import { type Client, DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';

/** A proactive target that is not a text channel: permanent, so the action is dropped rather than retried. */
class UnsendableChannelError extends Error {}

/** How failures of a send are treated: rate limits wait, 5xx and network errors back off, other 4xx drop. */
export function classifyDiscordError(error: unknown): ReturnType<Outbound['classify']> {
  if (error instanceof UnsendableChannelError) return 'drop';
  if (error instanceof RateLimitError) return { retryAfterMs: error.retryAfter };
  if (error instanceof DiscordAPIError) {
    if (error.status === 429) return { retryAfterMs: 1000 };
    return error.status >= 500 ? 'retry' : 'drop';
  }
  if (error instanceof HTTPError) return error.status >= 500 || error.status === 429 ? 'retry' : 'drop';
  return 'retry';
}

/** A proactive target in the Discord adapter's encoding: `dm:<user id>` or `channel:<channel or thread id>`. */
export function encodeTarget(kind: 'dm' | 'channel', id: string): string {
  return `${kind}:${id}`;
}

function decodeTarget(target: string): { kind: string; id: string } {
  const at = target.indexOf(':');
  return { kind: target.slice(0, at), id: target.slice(at + 1) };
}

/**
 * The outbound side of the adapter: a DM to a user, or a message to a channel or thread. A message addressed to
 * someone in a channel starts with their mention (`<@id> text`) and pings only them.
 */
export function discordOutbound(client: Client): Outbound {
  return {
    async send(target: string, text: string, options?: { mention?: Mention }) {
      const { kind, id } = decodeTarget(target);
      if (kind === 'dm') {
        await client.users.send(id, text);
        return;
      }
      const channel = await client.channels.fetch(id);
      if (!channel?.isSendable()) throw new UnsendableChannelError(`channel ${id} cannot be sent to`);
      const mention = options?.mention;
      if (mention === undefined) {
        await channel.send(text);
        return;
      }
      await channel.send({
        content: `<@${mention.userId}> ${text}`,
        allowedMentions: { users: [mention.userId] },
      });
    },
    classify: classifyDiscordError,
  };
}
