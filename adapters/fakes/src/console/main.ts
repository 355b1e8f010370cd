/**
 * `npm run fakes`: the fake Telegram Bot API and the fake Discord on fixed local ports, with a console to talk to
 * the bots connected to them. FAKE_TELEGRAM_PORT (default 8781) and FAKE_DISCORD_PORT (default 8782) move them; 0
 * picks free ports.
 */
import { startFakesConsole } from './fakes-console.js';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name}: must be a port number from 0 to 65535 (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return value;
}

const telegramPort = port('FAKE_TELEGRAM_PORT', 8781);
const discordPort = port('FAKE_DISCORD_PORT', 8782);

try {
  const fakes = await startFakesConsole({
    input: process.stdin,
    output: process.stdout,
    telegramPort,
    discordPort,
  });
  process.once('SIGTERM', () => void fakes.close());
  process.once('SIGINT', () => void fakes.close());
  await fakes.closed;
  // stdin, a pipe that is still open (:quit typed), would keep the process running.
  process.stdin.destroy();
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE') throw error;
  console.error(
    `A port is taken (${(error as Error).message}): set FAKE_TELEGRAM_PORT and FAKE_DISCORD_PORT to free ports, or 0.`,
  );
  process.exit(1);
}
