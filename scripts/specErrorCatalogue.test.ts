import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import * as protocol from '@modalkit/protocol'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '..')

/**
 * The reviewed reference: every message SPEC §8 (shared/spec/SPEC.md, "8. Error catalogue") quotes,
 * once each, with the alerts' short names it gives. The spec is not in this repository, so its list
 * lives here; a change to SPEC §8 is a change to this list. `N` and `...` are SPEC's placeholders.
 */
const SPEC_8_MESSAGES = [
  // Alerts
  'Network Not Found',
  'Invalid App Configuration',
  'Network Error - Could not load embedded wallet',
  'Embedded Wallet Request Timed Out',
  'Session Expired',
  'Invalid Project ID',
  'Project ID Not Configured',
  'Rate Limited',
  'Server Error',
  // Messages
  'Please try again after N seconds',
  'Token Balance Unavailable',
  'A problem occurred while trying initialize authentication',
  'Error signing message',
  'Failed to fetch transactions',
  'Unauthorized: origin not allowed',
  'JWT validation error: JWT Token is not yet valid',
  'Unauthorized: invalid key',
  'Requested RPC call is not allowed',
  'Action not allowed',
  'SIWX is not enabled',
  'No ActiveCaipAddress found',
  'No ActiveCaipNetwork or client found',
  'No ConnectionController client found',
  'An error occurred',
  'Request was aborted',
  'Something went wrong',
  'Unable to load email login dependency',
  'Network not supported for Gas Price',
  'Network not supported for Swaps',
  'Modal closed',
  'Connection rejected',
  'Popup closed',
  'Failed to connect',
  'Failed to initiate social connection',
  'Failed to connect to farcaster',
  'No auth connector found',
  'Not connected to email or social',
  'Failed to disconnect',
  'Failed to disconnect chains: ...',
  'Invalid connection status',
  'Please call connect() before request()',
  'Sign Client not initialized',
  'Namespace is not configured',
  'No RPC url provided for chainId',
  'Missing address parameter in wallet_getCapabilities request',
  'Fetching call status not approved by the wallet.',
  'Chain is not supported',
  'Adapter not found',
] as const

/** SPEC §8 names these alerts without words; each still has its one class, found by code. */
const SPEC_8_CODES = ['iframe_load_failed', 'iframe_request_timeout', 'unverified_domain'] as const

/** Arguments for the classes whose sentence takes a value (SPEC's `N` and `...`) or that need one. */
const ARGUMENTS: Record<string, unknown[]> = {
  EmailCooldownError: [7],
  DisconnectChainsFailedError: [['solana', 'bip122']],
  ValidationError: ['input', []],
  OnrampAmountOutOfRangeError: ['card', { min: '10.00', max: '7500.00' }, 'USD'],
  NodeError: ['execution_reverted', 'execution reverted', { code: 3, message: 'execution reverted' }],
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A SPEC sentence as a pattern: its placeholders stand for a number or any text. */
const pattern = (sentence: string) =>
  new RegExp(
    `^${escapeRegExp(sentence)
      .replace(/ N seconds$/, ' \\d+ seconds')
      .replace(/ \\\.\\\.\\\.$/, ' .+')}$`,
  )
/** What source code may not spell out: the sentence up to its first placeholder. */
const fixedPart = (sentence: string) => sentence.replace(/ N seconds$| \.\.\.$/, ' ')

type ErrorClass = new (...args: unknown[]) => protocol.AppKitError
const isErrorClass = (value: unknown): value is ErrorClass =>
  typeof value === 'function' && value.prototype instanceof protocol.AppKitError
/** Every error class packages/protocol exports, each made once (with ARGUMENTS where it takes some). */
const catalogue = Object.entries(protocol as Record<string, unknown>).flatMap(([name, value]) =>
  isErrorClass(value) ? [{ name, error: new value(...(ARGUMENTS[name] ?? [])) }] : [],
)

describe('SPEC §8 against the catalogue of packages/protocol', () => {
  it.each(SPEC_8_MESSAGES)('%s: exactly one error class says it', (sentence) => {
    const matching = catalogue.filter(({ error }) => pattern(sentence).test(error.shortMessage))
    expect(matching.map(({ name }) => name)).toHaveLength(1)
  })

  it.each(SPEC_8_CODES)('the %s alert has exactly one error class', (code) => {
    expect(catalogue.filter(({ error }) => error.code === code)).toHaveLength(1)
  })
})

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(path).isDirectory()) return productionFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** The text of every string literal and template part of a TypeScript file (comments are not). */
function stringLiterals(file: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX)
  scanner.setText(readFileSync(file, 'utf8'))
  const found: string[] = []
  const take = new Set([
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateHead,
    ts.SyntaxKind.TemplateMiddle,
    ts.SyntaxKind.TemplateTail,
    ts.SyntaxKind.JsxText,
  ])
  let braces = 0
  const templates: number[] = []
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    // The scanner alone does not know a `}` closes a template's `${`: it is told, as the parser does.
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(braces)
    else if (kind === ts.SyntaxKind.OpenBraceToken) braces++
    else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (templates.at(-1) === braces) {
        kind = scanner.reScanTemplateToken(false)
        if (kind === ts.SyntaxKind.TemplateTail) templates.pop()
      } else braces--
    } else if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      kind = scanner.reScanSlashToken()
    }
    if (take.has(kind)) found.push(scanner.getTokenValue())
  }
  return found
}

it('finds no SPEC §8 sentence as a string in apps/ or packages/ outside the catalogue', () => {
  const catalogueDir = join(repo, 'packages/protocol/src/errors')
  // apps/local-* stand in for outside services (the WalletConnect relay, OpenID providers...): the
  // words they send are those services' own, which our catalogue then recognises on the way in.
  const roots = [
    ...readdirSync(join(repo, 'apps'))
      .filter((name) => !name.startsWith('local-'))
      .map((name) => join(repo, 'apps', name, 'src')),
    ...readdirSync(join(repo, 'packages')).map((name) => join(repo, 'packages', name, 'src')),
  ]
  const sentences = SPEC_8_MESSAGES.map(fixedPart)
  const offenders = roots
    .flatMap(productionFiles)
    .filter((file) => !file.startsWith(catalogueDir))
    .flatMap((file) =>
      stringLiterals(file).flatMap((literal) =>
        sentences
          .filter((sentence) => literal.includes(sentence))
          .map((sentence) => `${relative(repo, file)}: '${sentence}'`),
      ),
    )
  expect(offenders).toEqual([])
})
