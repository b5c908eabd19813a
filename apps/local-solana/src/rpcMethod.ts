import type { z } from 'zod'
import { invalidParamsFrom } from './RpcError.ts'

/** A method takes the request's raw params and returns its result, or throws an RpcError. */
export type RpcMethod = (params: unknown) => unknown
export type RpcMethods = ReadonlyMap<string, RpcMethod>

/** A method whose params are parsed by `schema` first (-32602 naming each issue otherwise). */
export function method<S extends z.ZodType>(schema: S, run: (params: z.output<S>) => unknown): RpcMethod {
  return (params) => {
    const parsed = schema.safeParse(params ?? [])
    if (!parsed.success) throw invalidParamsFrom(parsed.error)
    return run(parsed.data)
  }
}

/** An optional trailing param (a client may send null or leave it out). */
export const opt = <S extends z.ZodType>(schema: S) => schema.nullish()
