import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { en } from './en.ts'

/**
 * The secure frame's side of scripts/findUntranslatedStrings.ts (written for the modal's
 * JSX): the frame builds its screens with DOM calls, so the places text reaches the screen are these.
 * A test-only module: nothing the frame ships imports it.
 */

/** Helpers and DOM methods whose argument at these positions is shown as text. */
const SINK_CALLS: Readonly<Record<string, readonly number[] | 'all'>> = {
  el: [2],
  button: [1],
  createScreen: [2, 3],
  createRecoveryInput: [1],
  append: 'all',
  prepend: 'all',
  replaceChildren: 'all',
  before: 'all',
  after: 'all',
  replaceWith: 'all',
  createTextNode: [0],
  insertAdjacentText: [1],
  alert: [0],
}

/** Properties whose assigned text is shown or read out. */
const SINK_PROPERTIES = new Set([
  'textContent',
  'innerText',
  'innerHTML',
  'outerHTML',
  'placeholder',
  'title',
  'ariaLabel',
  'ariaDescription',
  'ariaValueText',
  'alt',
])

/** Attributes (`setAttribute(name, text)`) a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'placeholder',
  'title',
  'alt',
])

/** Object properties that become a screen's words: a description's fields and title, a screen's texts. */
const VISIBLE_KEYS = new Set(['label', 'value', 'title', 'hint', 'placeholder', 'armed', 'waiting'])

/** A function returning one of these types returns what a screen shows. */
const SHOWN_TYPES = /\b(Shown|Phrase|RequestField|RequestDescription|ShownField|TextRun)\b/

/** Text that is the same in every language: names of programs, units, symbols, the time zone. */
const UNTRANSLATED_NAMES = new Set(['SPL Token', 'Token-2022', 'gwei', 'ETH', 'SOL', 'UTC'])

const KEYS: ReadonlySet<string> = new Set(Object.keys(en))

export type UntranslatedString = { file: string; line: number; text: string }

const hasWords = (text: string) =>
  !UNTRANSLATED_NAMES.has(text.trim()) &&
  !KEYS.has(text) &&
  text.split(/[^\p{L}]+/u).some((word) => word.length > 1 && !UNTRANSLATED_NAMES.has(word))

const nameOf = (node: ts.Node): string | undefined => {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text
  if (ts.isPropertyAccessExpression(node)) return node.name.text
  if (ts.isStringLiteral(node)) return node.text
  return undefined
}

/** The expression a value flows into unchanged: a choice, a fallback, a concatenation, a list. */
function outerValue(node: ts.Node): ts.Node {
  let at = node
  for (;;) {
    const parent = at.parent
    const passes =
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      ts.isArrayLiteralExpression(parent) ||
      ts.isSpreadElement(parent) ||
      ts.isTemplateSpan(parent) ||
      ts.isTemplateExpression(parent) ||
      (ts.isConditionalExpression(parent) && at !== parent.condition) ||
      (ts.isBinaryExpression(parent) &&
        [
          ts.SyntaxKind.QuestionQuestionToken,
          ts.SyntaxKind.BarBarToken,
          ts.SyntaxKind.AmpersandAmpersandToken,
          ts.SyntaxKind.PlusToken,
        ].includes(parent.operatorToken.kind))
    if (!passes) return at
    at = parent
  }
}

/** Whether a value reaches the screen as text, by where it flows (see the tables above). */
function reachesScreen(node: ts.Node): boolean {
  const value = outerValue(node)
  const parent = value.parent
  if (ts.isCallExpression(parent) && value !== parent.expression) {
    const callee = nameOf(parent.expression)
    const index = parent.arguments.indexOf(value as ts.Expression)
    if (callee === 'setAttribute') {
      const attribute = parent.arguments[0]
      return index === 1 && attribute !== undefined && VISIBLE_ATTRIBUTES.has(nameOf(attribute) ?? '')
    }
    const positions = callee === undefined ? undefined : SINK_CALLS[callee]
    return positions === 'all' || (positions?.includes(index) ?? false)
  }
  if (
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    parent.right === value
  )
    return SINK_PROPERTIES.has(nameOf(parent.left) ?? '')
  if (ts.isPropertyAssignment(parent) && parent.initializer === value)
    return VISIBLE_KEYS.has(nameOf(parent.name) ?? '')
  const returned = ts.isReturnStatement(parent)
    ? ts.findAncestor(parent, ts.isFunctionLike)
    : ts.isArrowFunction(parent) && parent.body === value
      ? parent
      : undefined
  return returned?.type !== undefined && SHOWN_TYPES.test(returned.type.getText())
}

/**
 * Finds, in the frame's TypeScript under `dir` (tests and the catalogues aside), string literals and
 * templates that hold a word and reach the screen (as text given to the DOM, a visible attribute, a
 * description's label, value or title, or the return of a function that returns shown text) without
 * coming from the catalogue (`messages.text(…)`, `phrase(…)`).
 */
export function findUntranslatedStrings(dir: string): UntranslatedString[] {
  const found: UntranslatedString[] = []
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const report = (node: ts.Node, text: string) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart())
      found.push({ file, line: line + 1, text: text.trim() })
    }
    const visit = (node: ts.Node) => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        hasWords(node.text) &&
        reachesScreen(node)
      )
        report(node, node.text)
      else if (ts.isTemplateExpression(node) && reachesScreen(node)) {
        const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
        if (hasWords(text)) report(node, text)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

const CATALOGUES = /[/\\]i18n[/\\](en|es|zh|ja|ar)\.ts$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !CATALOGUES.test(path) ? [path] : []
  })
}
