import * as z from 'zod/mini'

/** Runtime configuration the modal's server writes into the page (same-origin, not a message). */
const envSchema = z.object({
  apiUrl: z.url(),
  authOrigin: z.url(),
  version: z.string(),
})
export type ModalEnv = z.infer<typeof envSchema>

export function readEnv(doc: Document = document): ModalEnv {
  const content = doc.querySelector('meta[name="appkit-env"]')?.getAttribute('content')
  if (!content)
    throw new Error('[appkit] the modal page has no appkit-env meta: serve it with the modal server')
  return envSchema.parse(JSON.parse(content))
}
