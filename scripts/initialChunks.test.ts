import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { staticPackageImports } from './staticImports.ts'

const repo = resolve(import.meta.dirname, '..')

describe("what the secure frame loads before a request needs it (issue 11's size budget)", () => {
  it('logging in loads no Solana library: @solana/web3.js comes with the first Solana request', () => {
    const packages = staticPackageImports(join(repo, 'apps/auth-frame/src/main.ts'))
    expect(packages.get('@solana/web3.js')).toBeUndefined()
    // The walk did follow the frame's own modules to their packages.
    expect([...packages.keys()]).toContain('@noble/curves/ed25519')
  })

  it('follows static imports, not dynamic or type-only ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imports-'))
    writeFileSync(join(dir, 'main.ts'), "import { a } from './a.ts'\nexport { b } from './b.ts'\n")
    writeFileSync(
      join(dir, 'a.ts'),
      "import type { T } from 'typed'\nexport const a = () => import('lazy')\n",
    )
    writeFileSync(join(dir, 'b.ts'), "import 'side-effect'\nimport { x } from 'eager'\nexport const b = x\n")
    expect([...staticPackageImports(join(dir, 'main.ts')).keys()].sort()).toEqual(['eager', 'side-effect'])
  })
})
