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

const layerRules = () => [
  // The contract's rules stay free of frameworks and of the rest of src, so every surface can call them and they
  // test on their own.
  restrict('domain', [
    ...FRAMEWORKS,
    { group: ['@/*'], message: 'holds pure contract rules: it must not import anything else in src.' },
  ]),
  // What server.ts runs before Next: no framework, and nothing of the application but its configuration and runtime state.
  restrict('edge', [
    ...FRAMEWORKS,
    {
      group: ['@/*', '!@/config', '!@/runtime', '!@/domain'],
      message:
        'runs before Next: it imports nothing of the application but src/config, src/runtime and the pure rules of src/domain.',
    },
  ]),
  // The static mirror runs in server.ts's process too, beside the edge: it reads the site over HTTP, never the data.
  restrict('mirror', [
    ...FRAMEWORKS,
    {
      group: ['@/*', '!@/config', '!@/runtime', '!@/domain', '!@/edge'],
      message:
        'runs before Next: it imports nothing of the application but src/config, src/runtime, src/edge and src/domain.',
    },
  ]),
  restrict('format', [
    PAGES,
    READ_MODEL,
    CMS_API,
    ROUTES,
    folder('notify', 'must not import notifications.'),
    ...FRAMEWORKS.slice(1),
  ]),
  restrict('settings', [PAGES, READ_MODEL, CMS_API, ROUTES, folder('notify', 'must not import notifications.')]),
  restrict('db', [
    PAGES,
    READ_MODEL,
    CMS_API,
    ROUTES,
    folder('notify', 'must not import notifications.'),
    folder('demo', 'must not import the demo.'),
  ]),
  restrict('notify', [PAGES, READ_MODEL, CMS_API, ROUTES, ...ADMIN]),
  restrict('site', [NOTIFY_INTERNALS, CMS_API, ROUTES, ...ADMIN]),
  restrict('public-api', [PAGES, folder('notify', 'must not import notifications.'), CMS_API, ROUTES, ...ADMIN]),
  restrict('cms-api', [PAGES, READ_MODEL, folder('notify', 'must not import notifications.'), ROUTES, ...ADMIN]),
  restrict('demo', [PAGES, READ_MODEL, NOTIFY_INTERNALS, CMS_API, ROUTES]),
  // The verbs (src/services/<entity>/<verb>.ts): every surface calls them, so they import none of the surfaces.
  restrict('services', [PAGES, READ_MODEL, ROUTES, ...ADMIN]),
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
  // below then see every import between folders by its '@/' name. (typescript-eslint's copy of the rule, so that it
  // does not replace the layers' no-restricted-imports.)
  ...[1, 2, 3, 4, 5].map((depth) => ({
    files: [`src/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: [`${'../'.repeat(depth)}*`], message: "import another folder of src as '@/folder/…'." }],
        },
      ],
    },
  })),
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
)
