import { rolldown } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { markZodCalls, pureZod } from '../packages/shared/build/pureZod.ts'

const mark = (code: string) => markZodCalls('m.ts', code)?.toString()

describe('pureZod: our zod/mini schemas are free of side effects for tree-shaking', () => {
  it("marks the namespace's calls, and a .check on one with its schema in parentheses", () => {
    expect(mark("import * as z from 'zod/mini'\nexport const a = z.string().check(z.maxLength(2))\n")).toBe(
      "import * as z from 'zod/mini'\nexport const a = /* @__PURE__ */ (/* @__PURE__ */ z.string()).check(/* @__PURE__ */ z.maxLength(2))\n",
    )
    expect(mark("import * as v from 'zod/mini'\nconst b = v.optional(v.boolean())\n")).toBe(
      "import * as v from 'zod/mini'\nconst b = /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean())\n",
    )
  })

  it('leaves everything else: z.config, .check on a name, a file without the import, a z of its own', () => {
    const code = "import * as z from 'zod/mini'\nz.config({})\nschema.check(z.maxLength(1))\n"
    expect(mark(code)).toBe(
      "import * as z from 'zod/mini'\nz.config({})\nschema.check(/* @__PURE__ */ z.maxLength(1))\n",
    )
    expect(mark('const z = new BN(1)\nz.redIAdd(c)\n')).toBeUndefined()
    expect(mark("import type * as z from 'zod/mini'\nz.redIAdd(c)\n")).toBeUndefined()
  })

  it("drops a module's unused schemas from a bundle and keeps the used one and other code's calls", async () => {
    const files: Record<string, string> = {
      'entry.ts': "import { used } from './schemas.ts'\nimport './bn.ts'\nexport const check = used\n",
      'schemas.ts':
        "import * as z from 'zod/mini'\nexport const used = z.string().check(z.regex(/^used$/))\nexport const unused = z.strictObject({ a: z.string().check(z.regex(/^unused$/)) })\n",
      'bn.ts': 'const z = globalThis.bn\nz.redIAdd(1)\n',
    }
    const build = await rolldown({
      input: 'entry.ts',
      external: ['zod/mini'],
      plugins: [
        { name: 'files', resolveId: (id) => id.replace('./', ''), load: (id) => files[id] },
        pureZod(),
      ],
    })
    const { output } = await build.generate({ format: 'esm' })
    const code = output[0].code
    expect(code).toContain('^used$')
    expect(code).not.toContain('^unused$')
    expect(code).toContain('.redIAdd(1)')
  })
})
