import type { Client, Handlers, Paired } from './contract.ts'
import type { hostInputs } from './hostInputs.ts'
import type { hostOutputs } from './hostOutputs.ts'
import type { modalInputs } from './modalInputs.ts'
import type { modalOutputs } from './modalOutputs.ts'

/**
 * The channel's two contracts, each in halves: what the modal parses the host's calls by
 * (`modalInputs`) and the host the modal's replies by (`modalOutputs`), and the other way round.
 * Each half is its own module, so a side's bundle holds only the halves it parses by.
 */
export { MAX_READS_PER_MESSAGE } from './contractParts.ts'
export { hostInputs } from './hostInputs.ts'
export { hostOutputs } from './hostOutputs.ts'
export { modalInputs } from './modalInputs.ts'
export { modalOutputs } from './modalOutputs.ts'

export type ModalContract = Paired<typeof modalInputs, typeof modalOutputs>
export type ModalHandlers = Handlers<ModalContract>
export type ModalClient = Client<ModalContract>

export type HostContract = Paired<typeof hostInputs, typeof hostOutputs>
export type HostHandlers = Handlers<HostContract>
export type HostClient = Client<HostContract>
