import { account } from './account/en.ts'
import { flowsLater } from './flows/enLater.ts'
import { money } from './money/en.ts'

/**
 * English's messages of the later views (account, money, and the connecting, sign-in and network
 * views): a chunk of their own (englishLater.ts).
 */
export const later = { ...account, ...money, ...flowsLater }
