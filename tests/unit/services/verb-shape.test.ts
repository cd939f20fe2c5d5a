/**
 * The shape of src/services (docs/architecture.md, the services/ line): each file is one verb and exports one
 * function, beside the types of its input and outcome; what its neighbours share lives in the entity's internal.ts.
 * Read from the source with the TypeScript parser, so a second export fails here, whatever lint says.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SERVICES = 'src/services'
/** Not verbs, and each named for what it holds: the demo's data, written by the demo reset. */
const NOT_VERBS = new Set(['internal.ts', 'seed-data.ts'])

function verbFiles(): string[] {
  return readdirSync(SERVICES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !NOT_VERBS.has(path.basename(file)))
    .map((file) => path.join(SERVICES, file))
    .sort()
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

const isFunction = (node: ts.Expression | undefined) =>
  node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node))

/** The file's exported values, each as `name (kind)`; exported types and interfaces are not values. */
function exportedValues(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const values: string[] = []
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) values.push('re-export (not allowed)')
    if (ts.isExportAssignment(statement)) values.push('default (not allowed)')
    if (!isExported(statement)) continue
    if (ts.isFunctionDeclaration(statement)) values.push(`${statement.name?.text} (function)`)
    else if (ts.isClassDeclaration(statement)) values.push(`${statement.name?.text} (class)`)
    else if (ts.isEnumDeclaration(statement)) values.push(`${statement.name.text} (enum)`)
    else if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        values.push(
          `${declaration.name.getText(source)} (${isFunction(declaration.initializer) ? 'function' : 'value'})`,
        )
  }
  return values
}

describe('src/services: one verb per file', () => {
  const files = verbFiles()

  it('finds the verb files', () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files)('%s exports one function and otherwise only types', (file) => {
    const values = exportedValues(file)
    expect(values).toHaveLength(1)
    expect(values[0]).toMatch(/ \(function\)$/)
  })
})
