import type { CommandTexts } from './commands.js';
import { statusPhrases, statusText } from './status-phrases.js';

const recuerdos = (n: number) => `${n} ${n === 1 ? 'recuerdo' : 'recuerdos'}`;

/**
 * The Spanish answers to `/limbic` commands, for a character whose language is Spanish. Tú, as the offline replies,
 * and no adjective that would give the character a gender (its gender is unknown).
 */
export const spanishCommandTexts: CommandTexts = {
  on: 'De acuerdo: a veces podré escribirte primero. Envía /limbic off para que deje de hacerlo.',
  off: 'De acuerdo: ya no te escribiré primero. Envía /limbic on para permitirlo de nuevo.',
  groupOn: 'De acuerdo: vuelvo a participar en este chat.',
  groupOff:
    'De acuerdo: no participaré en este chat hasta que alguien de la administración envíe /limbic on.',
  groupProactive: (enabled, hours) =>
    enabled
      ? `De acuerdo: a veces podré escribir primero en este chat (como mucho una vez cada ${hours} h), a la persona más cercana a mí. /limbic proactive off lo detiene.`
      : 'De acuerdo: no escribiré primero en este chat. /limbic proactive on lo vuelve a permitir.',
  adminOnly: 'Solo la administración de este chat puede cambiar eso.',
  help:
    '/limbic on (o unmute): puedo escribirte primero. /limbic off (o mute): nunca te escribo primero. ' +
    '/limbic quiet 22:00-08:00 Europe/Madrid: no te escribo primero entre esas horas de tu zona horaria ' +
    '(/limbic quiet off: a cualquier hora). /limbic status: cómo estoy. ' +
    '/limbic link: un código para vincular este chat contigo en otra plataforma. /limbic unlink: deshacer el ' +
    'vínculo. /limbic forget: borrar lo que recuerdo de nuestras conversaciones.',
  groupHelp:
    '/limbic status: cómo estoy y cómo estamos tú y yo. /limbic mute: nunca te escribo primero ' +
    '(/limbic unmute lo deshace). /limbic quiet 22:00-08:00 Europe/Madrid: no te escribo primero entre esas horas ' +
    '(/limbic quiet off). /limbic forget: borrar lo que sé de ti aquí. ' +
    'Administración: /limbic off y /limbic on me silencian aquí o me traen de vuelta; /limbic proactive on|off me ' +
    'deja escribir primero en este chat.',
  linkCode: (code, minutes) =>
    `Tu código: ${code}. Envíame /limbic link ${code} en la otra plataforma antes de ${minutes} minutos; ` +
    'así sabré que allí y aquí eres la misma persona.',
  linked: (platforms) => `Listo: te reconozco como la misma persona en ${statusPhrases.es.list(platforms)}.`,
  linkInvalid:
    'Ese código no existe, ya se usó o caducó. Envía /limbic link en la otra plataforma para obtener uno nuevo.',
  linkSelf: 'Ese código es para la otra plataforma: envíamelo allí.',
  linkPrivateOnly: 'Los códigos de vínculo son personales: envíame /limbic link en un chat privado.',
  unlinked: 'Vínculo deshecho: esta cuenta vuelve a ser independiente.',
  notLinked: 'Esta cuenta no está vinculada con ninguna otra.',
  status: statusText,
  forgotten: ({ group, count, known }) => {
    if (!known) {
      return group
        ? 'No te conocía en este chat: no había nada que olvidar.'
        : 'No guardaba recuerdos de nuestras conversaciones: no había nada que olvidar.';
    }
    return group
      ? `Hecho: te olvidé en este chat: lo que sentía por ti y ${recuerdos(count)} ${count === 1 ? 'en el que' : 'en los que'} aparecías.`
      : `Hecho: olvidé ${recuerdos(count)} de nuestras conversaciones.`;
  },
  groupMuted: 'De acuerdo: nunca te escribiré primero. Envía /limbic unmute para permitirlo de nuevo.',
  groupUnmuted: 'De acuerdo: puedo volver a escribirte primero, cuando este chat lo permita.',
  quietSet: (quiet, zone, group) =>
    `De acuerdo: no te escribiré primero${group ? ' a ti' : ''} de ${quiet.start} a ${quiet.end} (${zone}). /limbic quiet off lo quita.`,
  quietOff: (group) =>
    group
      ? 'De acuerdo: ya no tienes horas de silencio propias.'
      : 'De acuerdo: ya no hay horas de silencio.',
  quietInvalid: (text) =>
    `No entendí «${text}». Envía /limbic quiet 22:00-08:00 Europe/Madrid (horas de 00:00 a 23:59, una zona horaria IANA) o /limbic quiet off.`,
};
