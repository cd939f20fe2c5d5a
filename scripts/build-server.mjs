#!/usr/bin/env node
/**
 * Compiles server.ts and what it imports of src (the configuration, the edge, the runtime state) into one JavaScript
 * file, dist/server.mjs, so that the running service needs neither tsx nor esbuild. Packages stay imports of
 * node_modules: Next, Payload and the rest are loaded from there, as `next build` compiled them. Run by
 * scripts/start.mjs when the sources changed; `node dist/server.mjs` is then the whole service (docs/deployment.md).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

await build({
  entryPoints: [path.join(root, 'server.ts')],
  outfile: path.join(root, 'dist', 'server.mjs'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
  banner: { js: '// Compiled from server.ts by scripts/build-server.mjs; do not edit.' },
})
