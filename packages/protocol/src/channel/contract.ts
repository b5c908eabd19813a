import type * as z from 'zod/mini'

/** A method contract: one argument and one reply, each with the schema its receiver parses it by. */
export type MethodSpec = { input: z.ZodMiniType; output: z.ZodMiniType }
export type Contract = Record<string, MethodSpec>

/** A handler whose reply may be absent can simply return nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: `void` is what a handler without a return statement returns.
type HandlerResult<T> = undefined extends T ? T | void : T

/** What the side that serves a contract implements. */
export type Handlers<C extends Contract> = {
  [K in keyof C]: (
    arg: z.output<C[K]['input']>,
  ) => HandlerResult<z.input<C[K]['output']>> | Promise<HandlerResult<z.input<C[K]['output']>>>
}

/** A call whose argument may be absent can be made without one. */
type CallArgs<T> = undefined extends T ? [arg?: T] : [arg: T]

/** What the calling side gets: typed, parsed, errors rebuilt. */
export type Client<C extends Contract> = {
  [K in keyof C]: (...args: CallArgs<z.input<C[K]['input']>>) => Promise<z.output<C[K]['output']>>
}
