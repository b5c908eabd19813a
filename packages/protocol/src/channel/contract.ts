import type * as z from 'zod/mini'

/** A method contract: one argument and one reply, each with the schema its receiver parses it by. */
export type MethodSpec = { input: z.ZodMiniType; output: z.ZodMiniType }
export type Contract = Record<string, MethodSpec>

/** What the side that serves a contract implements. */
export type Handlers<C extends Contract> = {
  [K in keyof C]: (arg: z.output<C[K]['input']>) => z.input<C[K]['output']> | Promise<z.input<C[K]['output']>>
}

/** What the calling side gets: typed, parsed, errors rebuilt. */
export type Client<C extends Contract> = {
  [K in keyof C]: (arg: z.input<C[K]['input']>) => Promise<z.output<C[K]['output']>>
}
