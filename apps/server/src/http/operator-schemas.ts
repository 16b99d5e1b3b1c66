import { safeString } from '@aidf/contract';

/** Why an operator acts, kept in the audit trail: required, 1 to 500 characters once trimmed. */
export const ZOperatorReason = safeString().trim().min(1).max(500);
