import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

const FRAMEWORKS = [
  { group: ['payload', 'payload/*', '@payloadcms/*', '@payload-config'], message: 'must not import Payload.' },
  { group: ['next', 'next/*', '@next/*'], message: 'must not import Next.' },
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'must not import React.' },
]
const folder = (name, message) => ({ group: [`@/${name}`, `@/${name}/*`], message })
const PAGES = folder('site', 'must not import the public site: share a module in src/format or src/settings instead.')
const READ_MODEL = folder(
  'public-api',
  'must not import the public read model: share a module in src/format, src/settings or src/domain instead.',
)
const NOTIFY = folder('notify', 'must not import notifications.')
const CMS_API = folder('cms-api', "must not import the CMS API's input layer (it wraps the CMS routes only).")
const ROUTES = folder('app', 'must not import a route: routes import the layers, not the other way round.')
const ADMIN = [
  folder('admin', 'must not import the admin area.'),
  folder('components', 'must not import admin components.'),
]
const NOTIFY_INTERNALS = {
  group: ['@/notify/*', '!@/notify/channels', '!@/notify/events'],
  message:
    "must not import notification internals: only src/notify's channels and events (the hooks and their flag); the subscription verbs are src/services/subscribers.",
}

/** `no-restricted-imports` for the files of one folder: `patterns`, each message prefixed with the folder. */
const restrict = (dir, patterns) => ({
  files: [`src/${dir}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: patterns.map((p) => ({ ...p, message: `src/${dir}/ ${p.message}` })) },
    ],
  },
})

const DEPTHS = [1, 2, 3, 4, 5]
/** The pattern that refuses a relative import leaving its folder of src, for a file `depth` folders down. */
const climb = (depth) => ({
  group: [`${'../'.repeat(depth)}*`],
  message: "import another folder of src as '@/folder/…'.",
})

/**
 * The alias rule for the files of src/`dir` (`*`: every folder), one block per depth, with `patterns` beside it.
 * typescript-eslint's copy of no-restricted-imports, so that it does not replace the layers' (and can tell
 * `import type`); a later block of it replaces an earlier one for the files both match.
 */
const aliasOnly = (dir, patterns = []) =>
  DEPTHS.map((depth) => ({
    files: [`src/${dir}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [climb(depth), ...patterns] }] },
  }))

/** The alias rule, and `name` imported by the files of src/`dir` as a type only. */
const typeOnly = (dir, name, why) =>
  aliasOnly(dir, [
    {
      group: [`@/${name}`, `@/${name}/*`],
      allowTypeImports: true,
      message: `src/${dir}/ may import src/${name} only as a type: ${why}`,
    },
  ])

const ERRORS_IMPORT = "src/errors.ts is imported by every layer: it imports nothing of src but '@/db/unavailable'."

const layerRules = () => [
  // The contract's rules stay free of frameworks and of the rest of src, so every surface can call them and they
  // test on their own.
  restrict('domain', [
    ...FRAMEWORKS,
    { group: ['@/*'], message: 'holds pure contract rules: it must not import anything else in src.' },
  ]),
  // What server.ts runs before Next: no framework, and nothing of the application but its runtime state and the
  // types of its configuration (server.ts reads the configuration and hands the edge its part: typeOnly below).
  restrict('edge', [
    ...FRAMEWORKS,
    {
      group: ['@/*', '!@/config', '!@/runtime', '!@/domain'],
      message:
        'runs before Next: it imports nothing of the application but src/runtime, the pure rules of src/domain and the types of src/config.',
    },
  ]),
  // The static mirror runs in server.ts's process too, beside the edge: it reads the site over HTTP, never the data.
  restrict('mirror', [
    ...FRAMEWORKS,
    {
      group: ['@/*', '!@/config', '!@/runtime', '!@/domain', '!@/edge'],
      message:
        'runs before Next: it imports nothing of the application but src/runtime, src/edge, src/domain and the types of src/config.',
    },
  ]),
  // Per-process state shared by the edge and the code inside Next: below both, so no framework and no feature.
  restrict('runtime', [
    ...FRAMEWORKS,
    {
      group: ['@/*', '!@/config', '!@/domain'],
      message:
        "is shared by the edge and the code inside Next: it imports nothing of the application but src/config and src/domain (a slot's owner declares it from its own module).",
    },
  ]),
  // The environment, read once: everything reads it, so it reads almost nothing.
  restrict('config', [
    ...FRAMEWORKS.slice(1),
    {
      group: ['@/*', '!@/domain', '!@/migrations'],
      message: 'is read by every layer: it imports nothing of the application but src/domain and src/migrations.',
    },
  ]),
  restrict('net', [
    ...FRAMEWORKS,
    {
      group: ['@/*', '!@/config', '!@/domain'],
      message: 'guards server-side requests: it imports nothing of the application but src/config and src/domain.',
    },
  ]),
  // The monitoring webhooks: a surface that reads a tool's payload and hands the event to the verbs.
  restrict('integrations', [
    ...FRAMEWORKS.slice(1),
    {
      group: [
        '@/*',
        '!@/access',
        '!@/cms-api',
        '!@/config',
        '!@/db',
        '!@/domain',
        '!@/errors',
        '!@/net',
        '!@/payload-types',
        '!@/runtime',
        '!@/services',
      ],
      message:
        'hands events to the verbs: it imports only src/access, cms-api, config, db, domain, errors, net, runtime, services and the Payload types.',
    },
  ]),
  restrict('format', [PAGES, READ_MODEL, CMS_API, ROUTES, NOTIFY, ...FRAMEWORKS.slice(1)]),
  restrict('settings', [PAGES, READ_MODEL, CMS_API, ROUTES, NOTIFY]),
  restrict('db', [PAGES, READ_MODEL, CMS_API, ROUTES, NOTIFY, folder('demo', 'must not import the demo.')]),
  restrict('notify', [PAGES, READ_MODEL, CMS_API, ROUTES, ...ADMIN]),
  restrict('site', [NOTIFY_INTERNALS, CMS_API, ROUTES, ...ADMIN]),
  restrict('public-api', [PAGES, NOTIFY, CMS_API, ROUTES, ...ADMIN]),
  restrict('cms-api', [PAGES, READ_MODEL, NOTIFY, ROUTES, ...ADMIN]),
  restrict('demo', [PAGES, READ_MODEL, NOTIFY_INTERNALS, CMS_API, ROUTES]),
  // The verbs (src/services/<entity>/<verb>.ts): every surface calls them, so they import none of the surfaces.
  restrict('services', [
    PAGES,
    READ_MODEL,
    ROUTES,
    ...ADMIN,
    folder('collections', "must not import a collection's folder: collections call the verbs, not the reverse."),
    folder('demo', 'must not import the demo folder: its schedule calls the reset verb, not the reverse.'),
  ]),
  // The audit log's hooks and writer: every collection, job and verb calls them, so they call none of those.
  restrict('audit', [
    PAGES,
    READ_MODEL,
    NOTIFY,
    CMS_API,
    ROUTES,
    ...ADMIN,
    folder('services', 'must not import the verbs: the verbs write audit entries, not the reverse.'),
    folder('collections', "must not import a collection's folder: collections are given the audit hooks."),
  ]),
  // What is left in jobs/ and status/ is wiring (the tickers, a task, an endpoint): it calls the verbs.
  restrict('jobs', [PAGES, READ_MODEL, CMS_API, ROUTES]),
  restrict('status', [PAGES, READ_MODEL, CMS_API, ROUTES, ...ADMIN]),
]

/**
 * Import order: node's modules, then packages, then the project's own, a blank line between the groups (blank lines
 * inside a group are allowed and nothing is alphabetised, which changes the fewest lines of the code as written).
 * `npm run lint` fails on an import out of order and, with Prettier, on a misformatted file
 * (docs/architecture.md, "Checks beside the tests").
 */
const IMPORT_ORDER = 'error'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      'dist/',
      'data/',
      'test-results/',
      'bench/results/',
      'src/migrations/',
      'src/payload-types.ts',
      'src/app/(payload)/admin/importMap.js',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/internal-regex': '^@/' },
    rules: {
      'import-x/order': [
        IMPORT_ORDER,
        {
          groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']],
          'newlines-between': 'always-and-inside-groups',
        },
      ],
    },
  },
  {
    // 80 lines is about one screen: a longer function cannot be read at once, so it is split into named steps.
    files: ['src/**', 'server.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read loosely typed JSON bodies; `any` there is the honest type.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Another folder of src is imported through the alias, never by climbing out of one's own folder: the layer rules
  // below then see every import between folders by its '@/' name.
  ...aliasOnly('*'),
  {
    files: ['tests/**', 'server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src', '**/src/*'], message: "import the application as '@/folder/…'." }] },
      ],
    },
  },
  // Layers: each folder names what it may not import, so a module cannot reach sideways into another layer's
  // internals. One block per folder, because a later block's no-restricted-imports replaces an earlier one's.
  ...layerRules(),
  // The service's errors are thrown from every layer, so they import none of them; a relative import would slip
  // past the '@/' patterns (this file sits at the root of src, outside the per-folder rules).
  {
    files: ['src/errors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...FRAMEWORKS.map((p) => ({ ...p, message: `src/errors.ts ${p.message}` })),
            { group: ['@/*', './*', '!@/db'], message: ERRORS_IMPORT },
            { group: ['@/db/*', '!@/db/unavailable'], message: ERRORS_IMPORT },
          ],
        },
      ],
    },
  },
  // After the alias blocks, which the typed blocks replace for the files both match.
  ...typeOnly('edge', 'config', 'server.ts reads the configuration and hands the edge its part.'),
  ...typeOnly('mirror', 'config', 'server.ts reads the configuration and hands the mirror its part.'),
)
