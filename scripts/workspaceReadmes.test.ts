import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '..')

/** A markdown link's target: `[text](target)` or `[text](target "title")`. */
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g

/** A target that leaves the repository (a URL, a mail address) or stays in the page (`#…`). */
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')

/**
 * What is wrong with the workspaces' READMEs under `root`: each folder of `apps/` and `packages/`
 * with a package.json has a README.md, and each relative link in one names a file or folder that
 * exists (the part after `#` is not checked).
 * @returns One line per problem, paths relative to `root`.
 */
function readmeProblems(root: string): string[] {
  const workspaces = ['apps', 'packages'].flatMap((group) =>
    existsSync(join(root, group))
      ? readdirSync(join(root, group)).map((name) => join(root, group, name))
      : [],
  )
  return workspaces
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .flatMap((dir) => {
      const readme = join(dir, 'README.md')
      if (!existsSync(readme)) return [`${relative(root, dir)} has no README.md`]
      return [...readFileSync(readme, 'utf8').matchAll(LINK)]
        .map((match) => match[1] ?? '')
        .filter((target) => !isExternal(target))
        .filter((target) => !existsSync(resolve(dirname(readme), decodeURI(target.split('#')[0] ?? ''))))
        .map((target) => `${relative(root, readme)} links to missing ${target}`)
    })
}

describe('a README in each app and package', () => {
  it('each has one, and its relative links resolve', () => {
    expect(readmeProblems(repo)).toEqual([])
  })

  it('finds a missing README and a broken link, and passes URLs, anchors and links that resolve', () => {
    const root = mkdtempSync(join(tmpdir(), 'readmes-'))
    for (const dir of ['apps/a', 'apps/b', 'packages/c', 'docs'])
      mkdirSync(join(root, dir), { recursive: true })
    for (const dir of ['apps/a', 'apps/b', 'packages/c']) writeFileSync(join(root, dir, 'package.json'), '{}')
    writeFileSync(join(root, 'docs/page.md'), '# page\n')
    writeFileSync(
      join(root, 'apps/a/README.md'),
      '[docs](../../docs/page.md#part) [web](https://example.com) [top](#a) [gone](../../docs/gone.md)\n',
    )
    writeFileSync(join(root, 'packages/c/README.md'), '[src](./package.json "the manifest")\n')
    expect(readmeProblems(root)).toEqual([
      'apps/a/README.md links to missing ../../docs/gone.md',
      'apps/b has no README.md',
    ])
  })
})
