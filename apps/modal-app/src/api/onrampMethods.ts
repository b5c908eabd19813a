import {
  type OnrampOptions,
  type OnrampQuote,
  type OnrampQuoteBody,
  type OnrampUrlBody,
  type OnrampUrlReply,
  onrampOptionsReplySchema,
  onrampQuoteReplySchema,
  onrampUrlReplySchema,
  ServerError,
} from '@modalkit/protocol'

export type OnrampMethods = {
  /** SPEC §7 onramp options: payment currencies with limits, purchase currencies, providers. */
  getOnrampOptions(projectId: string): Promise<OnrampOptions>
  /** SPEC §7 onramp quote. */
  getOnrampQuote(projectId: string, body: OnrampQuoteBody): Promise<OnrampQuote>
  /** SPEC §7 generators/onrampurl: the provider page's URL for this purchase. */
  createOnrampUrl(projectId: string, body: OnrampUrlBody): Promise<OnrampUrlReply>
}

/** The API client's on-ramp calls; every reply parsed by its schema, an error's message kept. */
export function onrampMethods(
  apiUrl: string,
  fetcher: typeof fetch,
  site: () => Record<string, string>,
): OnrampMethods {
  const call = async <T>(
    path: string,
    projectId: string,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    body?: unknown,
  ): Promise<T> => {
    const res = await fetcher(`${apiUrl}${path}?${new URLSearchParams({ projectId })}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...site(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const json: unknown = await res.json().catch(() => undefined)
    const reply = schema.safeParse(json)
    if (res.ok && reply.success) return reply.data
    const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message
    throw new ServerError(typeof message === 'string' ? message : `${path}: HTTP ${res.status}`)
  }
  return {
    getOnrampOptions: (projectId) => call('/v1/onramp/options', projectId, onrampOptionsReplySchema),
    getOnrampQuote: (projectId, body) => call('/v1/onramp/quote', projectId, onrampQuoteReplySchema, body),
    createOnrampUrl: (projectId, body) =>
      call('/v1/generators/onrampurl', projectId, onrampUrlReplySchema, body),
  }
}
