import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', 'data/', 'test-results/', 'bench/results/', 'src/migrations/', 'src/payload-types.ts', 'src/app/(payload)/admin/importMap.js', 'next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', fetch: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read loosely typed JSON bodies; `any` there is the honest type.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The contract's rules stay free of frameworks, so every surface can call them and they test on their own.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['payload', 'payload/*', '@payloadcms/*'], message: 'src/domain/ must not import Payload.' },
            { group: ['next', 'next/*'], message: 'src/domain/ must not import Next.' },
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/domain/ must not import React.' },
          ],
        },
      ],
    },
  },
)
