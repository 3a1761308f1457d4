// What a piece of AI work used, in the two numbers the ledger bills and records on its usage row
// (credit_transactions.request_tokens, response_tokens). The model layer reports it
// (`billedUsage` in ai/models.ts); the charge path (credits/charge.ts) prices it.

/** Tokens of the prompt and of the answer, as the ledger bills them. */
export interface Usage {
  requestTokens: number;
  responseTokens: number;
}
