import { account } from './account/en.ts'
import { enFirst } from './enFirst.ts'
import { flowsLater } from './flows/enLater.ts'
import { money } from './money/en.ts'

/**
 * The modal's English messages: the catalogue every locale translates, key for key. The
 * views' areas keep their messages in their own folders (account, money, flows). The first chunk
 * carries `enFirst` only; account's, money's and the later flows' (flows/enLater.ts) come with the
 * first lazy chunk (englishLater.ts), so import this module's values only from tests and lazy code:
 * its types from anywhere.
 */
export const en = { ...enFirst, ...account, ...money, ...flowsLater } as const

export type MessageKey = keyof typeof en
export type Catalogue = Readonly<Record<MessageKey, string>>
/** A catalogue as the modal holds it: English's later messages may not have come yet (englishLater.ts). */
export type LoadedCatalogue = Readonly<Partial<Record<MessageKey, string>>>
