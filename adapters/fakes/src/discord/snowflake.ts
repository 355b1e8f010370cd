// Discord's epoch, the first second of 2015 (https://discord.com/developers/docs/reference#snowflakes).
const DISCORD_EPOCH = 1_420_070_400_000n;
const WORKER_ID = 1n;
const PROCESS_ID = 0n;

/**
 * Creates a generator of Discord snowflakes: the timestamp in the high bits, so discord.js derives a message's
 * `createdAt` from its id, and an increment so ids made in the same millisecond stay unique and ordered.
 */
export function createSnowflakes(): (ms: number) => string {
  let increment = 0n;
  return (ms) => {
    const id =
      ((BigInt(Math.floor(ms)) - DISCORD_EPOCH) << 22n) |
      (WORKER_ID << 17n) |
      (PROCESS_ID << 12n) |
      increment;
    increment = (increment + 1n) & 0xfffn;
    return id.toString();
  };
}
