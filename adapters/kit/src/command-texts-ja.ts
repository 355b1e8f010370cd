import type { CommandTexts } from './commands.js';
import { statusPhrases, statusText } from './status-phrases.js';

/**
 * The Japanese answers to `/limbic` commands, for a character whose language is Japanese: polite (です・ます) and
 * plain, as `/limbic status` and the offline replies. The examples name Asia/Tokyo instead of Europe/Madrid.
 */
export const japaneseCommandTexts: CommandTexts = {
  on: 'わかりました。ときどき私から話しかけますね。やめてほしいときは /limbic off を送ってください。',
  off: 'わかりました。もう私からは話しかけません。また話しかけてもいいときは /limbic on を送ってください。',
  groupOn: 'わかりました。またこのチャットに参加します。',
  groupOff: 'わかりました。管理者が /limbic on を送るまで、このチャットでは黙っています。',
  groupProactive: (enabled, hours) =>
    enabled
      ? `わかりました。ときどきこのチャットで、いちばん親しい人に私から話しかけます（多くても${hours}時間に1回）。/limbic proactive off で止められます。`
      : 'わかりました。このチャットでは私から話しかけません。/limbic proactive on でまた許可できます。',
  adminOnly: 'それを変えられるのは、このチャットの管理者だけです。',
  help:
    '/limbic on（または unmute）：私から話しかけてもいい。/limbic off（または mute）：私からは話しかけない。' +
    '/limbic quiet 22:00-08:00 Asia/Tokyo：あなたのタイムゾーンでその時間帯は話しかけない' +
    '（/limbic quiet off で解除）。/limbic status：私の様子。' +
    '/limbic link：ほかのプラットフォームのあなたとこのチャットをつなぐコード。/limbic unlink：つながりを解除。' +
    '/limbic forget：私たちの会話の記憶を消す。',
  groupHelp:
    '/limbic status：私の様子と、あなたとの関係。/limbic mute：あなたには私から話しかけない' +
    '（/limbic unmute で元に戻す）。/limbic quiet 22:00-08:00 Asia/Tokyo：その時間帯はあなたに話しかけない' +
    '（/limbic quiet off で解除）。/limbic forget：ここでのあなたについての記憶を消す。' +
    '管理者向け：/limbic off と /limbic on で、ここで私を黙らせたり戻したりできます。' +
    '/limbic proactive on|off で、このチャットに私から話しかけるかどうかを決められます。',
  linkCode: (code, minutes) =>
    `あなたのコード：${code}。${minutes}分以内に、もう一方のプラットフォームで私に /limbic link ${code} を送ってください。` +
    'そうすれば、あちらとこちらで同じ人だとわかります。',
  linked: (platforms) => `つながりました。${statusPhrases.ja.linked(statusPhrases.ja.list(platforms))}`,
  linkInvalid:
    'そのコードは無効か、使用済みか、期限切れです。もう一方のプラットフォームで /limbic link を送ると、新しいコードが届きます。',
  linkSelf: 'そのコードはもう一方のプラットフォーム用です。あちらで私に送ってください。',
  linkPrivateOnly: 'リンク用のコードは個人用です。個別チャットで私に /limbic link を送ってください。',
  unlinked: 'つながりを解除しました。このアカウントはまた単独になりました。',
  notLinked: 'このアカウントはほかのアカウントとつながっていません。',
  status: statusText,
  forgotten: ({ group, count, known }) => {
    if (!known) {
      return group
        ? 'このチャットではまだあなたを知りませんでした。忘れることは何もありません。'
        : '私たちの会話の記憶はありませんでした。忘れることは何もありません。';
    }
    return group
      ? `このチャットでのあなたのことを忘れました。あなたへの気持ちと、あなたが出てくる記憶${count}件です。`
      : `私たちの会話の記憶を${count}件忘れました。`;
  },
  groupMuted:
    'わかりました。あなたには私から話しかけません。また許可するときは /limbic unmute を送ってください。',
  groupUnmuted: 'わかりました。このチャットで許可されていれば、またあなたに私から話しかけることがあります。',
  quietSet: (quiet, zone, group) =>
    `わかりました。${quiet.start}から${quiet.end}まで（${zone}）は${group ? 'あなたに' : ''}私から話しかけません。/limbic quiet off で解除できます。`,
  quietOff: (group) =>
    group
      ? 'わかりました。あなただけの静かな時間帯はなくなりました。'
      : 'わかりました。静かな時間帯はなくなりました。',
  quietInvalid: (text) =>
    `「${text}」を読み取れませんでした。/limbic quiet 22:00-08:00 Asia/Tokyo（24時間表記と、IANAのタイムゾーン）か、/limbic quiet off を送ってください。`,
};
