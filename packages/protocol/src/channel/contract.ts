import type * as z from 'zod/mini'

/** A method contract: one argument and one reply, each with the schema its receiver parses it by. */
export type MethodSpec = { input: z.ZodMiniType; output: z.ZodMiniType }
export type Contract = Record<string, MethodSpec>

/**
 * A contract defined in two halves (contracts.ts), so each side's bundle holds only the schemas it
 * parses by: the serving side the inputs (exposeMethods), the calling side the outputs (wrapRemote).
 */
export type Paired<
  Inputs extends Record<string, z.ZodMiniType>,
  Outputs extends Record<keyof Inputs, z.ZodMiniType>,
> = {
  [K in keyof Inputs & string]: { input: Inputs[K]; output: Outputs[K] }
}

/** The schemas the serving side parses each call's argument by. */
export type ContractInputs<C extends Contract> = { [K in keyof C]: C[K]['input'] }

/** The schemas the calling side parses each reply by. */
export type ContractOutputs<C extends Contract> = { [K in keyof C]: C[K]['output'] }

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
