// The fast path for better-sqlite3's native module. Its install script is `prebuild-install || node-gyp rebuild`:
// prebuild-install downloads a prebuilt binary from GitHub, and when that fails (no GitHub) node-gyp compiles SQLite,
// which takes minutes. prebuild-install first looks for a "local prebuild", a file named like the download
// (`better-sqlite3-v12.11.1-node-v115-linux-x64.tar.gz`) in the folder that the environment variable
// `npm_config_better_sqlite3_local_prebuilds` names (node_modules/prebuild-install/util.js, localPrebuild), unpacks it
// and loads it to check it. This module packs the clone's own build, already compiled by its `npm install`, into such
// a file. The name carries the version, the Node ABI, the platform, the C library and the CPU, so a project that
// resolves a different better-sqlite3 or runs another Node finds no file of that name and downloads or compiles as before.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The environment variable prebuild-install reads the local prebuilds folder of better-sqlite3 from. */
export const localPrebuildsVariable = 'npm_config_better_sqlite3_local_prebuilds';

/** The C library part of prebuild-install's file name: empty for glibc (and off Linux), `musl` otherwise. */
function libc() {
  if (process.platform !== 'linux') return '';
  const header = /** @type {{ glibcVersionRuntime?: string }} */ (process.report.getReport().header);
  return header.glibcVersionRuntime ? '' : 'musl';
}

/**
 * The file name prebuild-install looks for, for better-sqlite3 `version` on the Node running this script (the
 * template `{name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz` of prebuild-install's util.js).
 */
export function prebuildName(version) {
  const { platform, arch } = process;
  return `better-sqlite3-v${version}-node-v${process.versions.modules}-${platform}${libc()}-${arch}.tar.gz`;
}

/** A tar archive (POSIX ustar) of one regular file, as prebuild-install's tar-fs unpacks it. */
export function tarOne(name, content) {
  const header = Buffer.alloc(512);
  const field = (offset, length, value) => header.write(value, offset, length, 'ascii');
  const octal = (offset, length, value) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, content.length);
  octal(136, 12, Math.floor(Date.now() / 1000));
  field(148, 8, ' '.repeat(8)); // the checksum counts its own field as spaces
  field(156, 1, '0');
  field(257, 8, 'ustar\u000000');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, padding, Buffer.alloc(1024)]);
}

/**
 * Writes a local prebuild of the clone's better-sqlite3 into `dir` and returns its path and version, or a reason when
 * there is none to offer: the clone's build is missing or does not load in this Node (built for another ABI).
 * @param {string} root the clone
 * @param {string} dir the folder for the local prebuilds
 * @returns {{ file: string, version: string } | { reason: string }}
 */
export function writeLocalPrebuild(root, dir) {
  const packageDir = join(root, 'node_modules/better-sqlite3');
  const binary = join(packageDir, 'build/Release/better_sqlite3.node');
  if (!existsSync(binary)) return { reason: `the clone has no ${binary}` };
  try {
    // Loading it is the test that it was built for this Node's ABI, platform and CPU.
    const Database = createRequire(join(root, 'package.json'))('better-sqlite3');
    new Database(':memory:').close();
  } catch (error) {
    return { reason: `the clone's better-sqlite3 does not load in this Node: ${error.message}` };
  }
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, prebuildName(version));
  writeFileSync(file, gzipSync(tarOne('build/Release/better_sqlite3.node', readFileSync(binary))));
  return { file, version };
}
