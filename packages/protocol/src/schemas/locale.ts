import * as z from 'zod/mini'

/**
 * A language the modal and the secure frame speak, as the modal tells the frame
 * (SYNC_LOCALE) and the frame tells its approval popup: exactly one of the five, nothing else.
 * The same list as `LOCALES` in @modalkit/shared (the frame's tests check they agree).
 */
export const localeSchema = z.enum(['en', 'es', 'zh', 'ja', 'ar'])
export type LocaleCode = z.infer<typeof localeSchema>
