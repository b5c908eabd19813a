import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** JSX attributes a person reads or hears; any other attribute (class, test id, role…) is code. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'hint',
  'message',
  'text',
])

/** Text that is the same in every language: symbols, numbers, punctuation, and these names. */
const UNTRANSLATED_NAMES = new Set(['WalletConnect', 'Farcaster', 'ETH', 'SOL', 'QR'])

export type UntranslatedString = { file: string; line: number; text: string }

const hasWords = (text: string) =>
  text.split(/[^\p{L}]+/u).some((word) => word.length > 1 && !UNTRANSLATED_NAMES.has(word))

/** Whether a node's value reaches the page as text: JSX children, or a visible attribute's value. */
function reachesPage(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent
    if (ts.isCallExpression(parent) && at !== parent.expression) return false
    if (ts.isJsxAttribute(parent)) return VISIBLE_ATTRIBUTES.has(parent.name.getText())
    if (ts.isJsxExpression(parent))
      return ts.isJsxElement(parent.parent) ||
        ts.isJsxFragment(parent.parent) ||
        ts.isJsxAttribute(parent.parent)
        ? !ts.isJsxAttribute(parent.parent) || VISIBLE_ATTRIBUTES.has(parent.parent.name.getText())
        : false
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken)
      return false
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false
  }
  return false
}

/**
 * Every string a view shows comes from the message catalogue. Finds, in the TSX files under
 * `dir`, JSX text and string literals that reach the page (as children or as a visible attribute)
 * without passing through a call (the catalogue's `t(…)`), and that hold a word.
 */
export function findUntranslatedStrings(dir: string): UntranslatedString[] {
  const found: UntranslatedString[] = []
  for (const file of tsxFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const report = (node: ts.Node, text: string) => {
      // JSX text starts at the whitespace before its words: the line is the first word's.
      const lead = ts.isJsxText(node) ? text.length - text.trimStart().length : 0
      const { line } = source.getLineAndCharacterOfPosition(node.getStart() + lead)
      found.push({ file, line: line + 1, text: text.trim() })
    }
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text)
      else if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        hasWords(node.text) &&
        reachesPage(node)
      )
        report(node, node.text)
      else if (ts.isTemplateExpression(node) && reachesPage(node)) {
        const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
        if (hasWords(text)) report(node, text)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return tsxFiles(path)
    return path.endsWith('.tsx') ? [path] : []
  })
}
