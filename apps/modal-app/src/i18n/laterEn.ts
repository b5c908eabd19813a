import { account } from './account/en.ts'
import { money } from './money/en.ts'

/** English's messages of the later views (account and money): a chunk of their own (englishLater.ts). */
export const later = { ...account, ...money }
