/**
 * Reads the public surface of Reown AppKit from its published type declarations (`.d.ts` text):
 * the compatibility report (appkitCompatReport.ts) compares ours against it.
 */

/** Public methods of a declared class: methods and function-typed properties, not private, protected or static. */
export function publicMethods(classDeclaration: string): string[] {
  const names = new Set<string>()
  for (const line of classDeclaration.split('\n')) {
    const match =
      /^ {4}(?!private |protected |static |abstract |readonly )([a-zA-Z][a-zA-Z0-9]*)\??(\(|<|: \(|: <)/.exec(
        line,
      )
    if (match?.[1] && match[1] !== 'constructor') names.add(match[1])
  }
  return [...names]
}

/** The string literals of a declared union type alias (`export type Views = 'A' | 'B';`). */
export function unionMembers(source: string, typeName: string): string[] {
  const start = source.indexOf(`export type ${typeName} =`)
  if (start < 0) return []
  const end = source.indexOf(';', start)
  return [...source.slice(start, end).matchAll(/'([^']+)'/g)].map((m) => m[1] as string)
}

/** The property names of a declared object type or interface (`export type X = {` / `export interface X {`). */
export function propertyNames(source: string, typeName: string): string[] {
  const start = source.search(new RegExp(`export (type ${typeName} = \\{|interface ${typeName} \\{)`))
  if (start < 0) return []
  const end = source.indexOf('\n}', start)
  return [...source.slice(start, end).matchAll(/^ {4}([a-zA-Z][a-zA-Z0-9]*)\??:/gm)].map(
    (m) => m[1] as string,
  )
}

/** Every `event: 'NAME'` literal: the analytics events a site can receive from subscribeEvents. */
export function eventNames(source: string): string[] {
  return [...new Set([...source.matchAll(/\bevent: '([A-Z_]+)'/g)].map((m) => m[1] as string))]
}
