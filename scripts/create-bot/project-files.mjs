// The files of a new bot project (package.json, tsconfig.json, .gitignore, README.md), as text.

/** The two kinds of bot, with what differs between them. */
export const platforms = {
  telegram: {
    title: 'Telegram',
    example: 'examples/telegram-bot',
    framework: 'grammy',
    tokenVariable: 'TELEGRAM_BOT_TOKEN',
    tokenFrom: 'from [@BotFather](https://t.me/BotFather)',
  },
  discord: {
    title: 'Discord',
    example: 'examples/discord-bot',
    framework: 'discord.js',
    tokenVariable: 'DISCORD_TOKEN',
    tokenFrom: 'from the [Discord developer portal](https://discord.com/developers/applications)',
  },
};

const docs = 'https://github.com/limbic-ai/limbic/blob/main/docs';

/** An npm package name from a folder name: lower case, letters, digits, `-`, `.` and `_`. */
export function packageName(folder) {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'my-bot';
}

/**
 * The project's package.json: the `@limbic` packages as tarballs in vendor/, the bot framework and tsx from the
 * registry, the clone's `allowScripts` (npm 11 runs only the install scripts it allows), a `demo` script that runs
 * the bot against the packed fake platforms, and `overrides` (better-sqlite3 held at the clone's version when its build is reused).
 */
export function packageJson({ name, platform, tarballs, versions, allowScripts, overrides }) {
  const { framework } = platforms[platform];
  const dependencies = {};
  const devDependencies = {};
  for (const [pkg, file] of tarballs) {
    (pkg === '@limbic/fake-platforms' ? devDependencies : dependencies)[pkg] = `file:vendor/${file}`;
  }
  dependencies[framework] = versions[framework];
  // tsx runs the TypeScript in production too (`npm start`), so it is a dependency, not a dev one.
  dependencies.tsx = versions.tsx;
  devDependencies['@types/node'] = versions['@types/node'];
  devDependencies.typescript = versions.typescript;
  const scripts = { start: 'tsx src/main.ts' };
  scripts.demo = `limbic-fakes --${platform} -- npm start`;
  scripts.typecheck = 'tsc';
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    description: `A ${platforms[platform].title} bot with a Limbic character`,
    engines: { node: '>=20.19' },
    scripts,
    dependencies: sorted(dependencies),
    devDependencies: sorted(devDependencies),
    ...(allowScripts ? { allowScripts } : {}),
    ...(overrides ? { overrides } : {}),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function sorted(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}

/** The clone's compiler settings for its own code, without the ones that only serve its build of packages. */
export function tsconfigJson() {
  const compilerOptions = {
    target: 'es2022',
    lib: ['es2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  };
  return `${JSON.stringify({ compilerOptions, include: ['src'] }, null, 2)}\n`;
}

/** The project's .gitignore: sessions, installed packages, secrets, and the machine-specific native build. */
export const gitignore = 'data/\nnode_modules/\n.env\nvendor/prebuilds/\n';

/** The project's README: the commands, the settings, and where the docs are. */
export function readme({ name, platform, native }) {
  const { title, tokenVariable, tokenFrom, example } = platforms[platform];
  const offline = `\`\`\`sh\nnpm run demo\n\`\`\`\n\nstarts a fake ${title}, a fake LLM and the bot, and gives you a console: each line you type is a\nmessage to the bot, and its replies are printed there.`;
  return `# ${name}

A ${title} bot whose character has feelings, made with Limbic's \`npm run create-bot\`. [src/main.ts](src/main.ts) is
the whole bot: a copy of Limbic's [${example}](https://github.com/limbic-ai/limbic/tree/main/${example}).

## Try it offline

${offline}

## Run it

With the bot's token ${tokenFrom}:

\`\`\`sh
${tokenVariable}=… npm start
${tokenVariable}=… npm start -- --remote  # the character on a Limbic gateway (LIMBIC_URL, LIMBIC_API_KEY)
npm run typecheck
\`\`\`

Sessions are kept in \`./data\` (SQLite). Settings, as environment variables:

| Variable | Meaning |
| --- | --- |
| \`${tokenVariable}\` | The bot's token (required). |
| \`LIMBIC_DATA\` | Folder of the SQLite files; default \`./data\`. |
| \`LIMBIC_PRESET\`, \`CHARACTER_NAME\` | The character's preset (default \`cheerful_companion\`) and name (default Mira). |
| \`LIMBIC_LLM_URL\`, \`LIMBIC_LLM_MODEL\`, \`LIMBIC_LLM_API_KEY\` | An OpenAI-compatible model: it appraises messages and writes the replies. |
| \`LIMBIC_HISTORY\` | How many previous exchanges a reply sends the model (default 10). |
| \`LIMBIC_DEMO_CLOCK\` | \`1\`: absence runs an hour a second, so the character writes first within a minute. |
| \`LIMBIC_URL\`, \`LIMBIC_API_KEY\` | The gateway, with \`--remote\`. |

The whole list is in the [example's README](https://github.com/limbic-ai/limbic/tree/main/${example}#settings);
the guide to this project is [Your own bot](${docs}/guide/your-own-bot.md).

## The packages

The \`@limbic\` packages are installed from the tarballs in \`vendor/\` until they are on npm. Once they are:
\`npm install @limbic/${platform} @limbic/bot-kit\`, and remove the \`file:vendor/…\` entries and the folder.
${native ? nativeNote(native) : ''}`;
}

/** Why package.json holds better-sqlite3 at one version, and how a reinstall reuses the same build. */
function nativeNote(version) {
  return `
better-sqlite3 compiles SQLite for minutes when it cannot download its prebuilt binary. This project's install reused
the Limbic clone's build instead (\`vendor/prebuilds/\`, for this machine only), so \`overrides\` in package.json holds
better-sqlite3 at that build's version, ${version}. A reinstall here reuses it the same way:

\`\`\`sh
npm_config_better_sqlite3_local_prebuilds="$PWD/vendor/prebuilds" npm install
\`\`\`

Remove the override to take newer releases (downloaded prebuilt, or compiled).
`;
}
