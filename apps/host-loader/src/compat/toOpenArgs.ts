import { invalidInput, type OpenArgs, openArgsSchema, parseWith, VIEWS } from '@modalkit/protocol'
import { APPKIT_VIEWS } from './appkitViews.ts'

const WHAT = 'open() arguments'

function isAppKitView(name: string): name is keyof typeof APPKIT_VIEWS {
  return Object.hasOwn(APPKIT_VIEWS, name)
}

/**
 * `open()`'s arguments as a site gives them (Reown AppKit's names included) to SPEC's, checked before
 * anything on the page changes.
 * @throws ValidationError ('Invalid open() arguments', with the key's path) for anything else.
 */
export function toOpenArgs(args: unknown): OpenArgs {
  if (args === undefined || args === null) return {}
  if (typeof args !== 'object') throw invalidInput(WHAT, 'open() takes an object or nothing')
  const { view, ...rest } = args as Record<string, unknown>
  let mapped: unknown = view
  if (typeof view === 'string' && !(VIEWS as readonly string[]).includes(view)) {
    if (!isAppKitView(view))
      throw invalidInput(WHAT, `unknown view '${view.slice(0, 64)}'; views: ${VIEWS.join(', ')}`, ['view'])
    mapped = APPKIT_VIEWS[view]
  }
  return parseWith(openArgsSchema, mapped === undefined ? rest : { ...rest, view: mapped }, WHAT)
}
