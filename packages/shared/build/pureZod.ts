import MagicString from 'magic-string'
import { type ESTree, type Plugin, parseSync, Visitor } from 'vite'

type Call = ESTree.CallExpression

/** zod/mini's functions whose calls do more than build a value. */
const NOT_PURE = new Set(['config'])

/**
 * Our zod/mini schema definitions, marked free of side effects for tree-shaking: a module that a
 * bundle imports for one schema otherwise keeps every other schema it defines, since the bundler
 * cannot know that `z.string()` or a schema's `.check(...)` only builds a value (about
 * 1.1 KB gzip of unused schemas in the modal's first chunk and 0.7 KB in the loader's core).
 *
 * Only calls on the namespace a module imports from 'zod/mini' are marked (`z.string(...)`), and
 * `.check(...)` on such a call's result; never code of a package, and never a name alone: a bundler's
 * `manualPureFunctions: ['z']` would also drop bn.js's `z.redIAdd(c)`, whose result is unused because
 * it adds in place.
 */
export function pureZod(): Plugin {
  return {
    name: 'pure-zod',
    apply: 'build',
    transform: {
      filter: { id: { exclude: /node_modules/ }, code: 'zod/mini' },
      handler(code, id) {
        const marked = markZodCalls(id.replace(/\?.*$/, ''), code)
        return marked && { code: marked.toString(), map: marked.generateMap({ hires: true, source: id }) }
      },
    },
  }
}

/** The module with its zod/mini calls marked pure, or undefined when it calls none. */
export function markZodCalls(fileName: string, code: string): MagicString | undefined {
  const { program } = parseSync(fileName, code)
  const namespaces = new Set<string>()
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration' || node.source.value !== 'zod/mini' || node.importKind === 'type')
      continue
    for (const specifier of node.specifiers)
      if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name)
  }
  if (namespaces.size === 0) return undefined
  /** `z.factory(...)`, or `.check(...)` on such an expression; never `z.config(...)`, which sets zod's global configuration. */
  const isSchemaCall = (node: ESTree.Expression): node is Call => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return false
    const { object, property } = node.callee
    if (property.type !== 'Identifier') return false
    if (object.type === 'Identifier') return namespaces.has(object.name) && !NOT_PURE.has(property.name)
    return property.name === 'check' && isSchemaCall(object)
  }
  const out = new MagicString(code)
  let marks = 0
  // Outer calls come first: a `.check` chain's mark and parenthesis open before its schema's mark.
  new Visitor({
    CallExpression(node) {
      if (!isSchemaCall(node) || node.callee.type !== 'MemberExpression') return
      marks++
      const { object } = node.callee
      if (object.type === 'Identifier') {
        out.appendLeft(node.start, '/* @__PURE__ */ ')
      } else {
        // `/* @__PURE__ */ (schema).check(...)`: the mark then belongs to the check's call alone.
        out.appendLeft(node.start, '/* @__PURE__ */ (')
        out.appendLeft(object.end, ')')
      }
    },
  }).visit(program)
  return marks ? out : undefined
}
