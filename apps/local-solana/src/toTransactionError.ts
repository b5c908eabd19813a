import {
  type FailedTransactionMetadata,
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal.js'
import { INSTRUCTION_ERRORS, TRANSACTION_ERRORS } from './transactionErrorText.ts'

/** A TransactionError as a node serializes it: `"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`. */
export type TransactionErrorJson = string | Record<string, unknown>

export type ToTransactionErrorReturnType = { json: TransactionErrorJson; text: string }

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>
type LiteSvmInstructionError = ReturnType<TransactionErrorInstructionError['err']>

function instructionError(err: LiteSvmInstructionError): ToTransactionErrorReturnType {
  if (err instanceof InstructionErrorCustom)
    return { json: { Custom: err.code }, text: `custom program error: 0x${err.code.toString(16)}` }
  if (err instanceof InstructionErrorBorshIo)
    return {
      json: { BorshIoError: err.msg },
      text: `Failed to serialize or deserialize account data: ${err.msg}`,
    }
  const [name, text] = INSTRUCTION_ERRORS[err] ?? [`InstructionError${err}`, `instruction error ${err}`]
  return { json: name, text }
}

/** The one table from litesvm's failure values to a node's JSON error and message text. */
export function toTransactionError(err: LiteSvmError): ToTransactionErrorReturnType {
  if (err instanceof TransactionErrorInstructionError) {
    const inner = instructionError(err.err())
    return {
      json: { InstructionError: [err.index, inner.json] },
      text: `Error processing Instruction ${err.index}: ${inner.text}`,
    }
  }
  if (err instanceof TransactionErrorDuplicateInstruction)
    return {
      json: { DuplicateInstruction: err.index },
      text: `Transaction contains a duplicate instruction (${err.index}) that is not allowed`,
    }
  if (err instanceof TransactionErrorInsufficientFundsForRent)
    return {
      json: { InsufficientFundsForRent: { account_index: err.accountIndex } },
      text: `Transaction results in an account (${err.accountIndex}) with insufficient funds for rent`,
    }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted)
    return {
      json: { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } },
      text: `Execution of the program referenced by account at index ${err.accountIndex} is temporarily restricted.`,
    }
  const [name, text] = TRANSACTION_ERRORS[err] ?? [`TransactionError${err}`, `transaction error ${err}`]
  return { json: name, text }
}
