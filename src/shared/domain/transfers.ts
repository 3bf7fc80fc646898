/**
 * Stock transfers between warehouses (spec 02 §3 'Stock transfer', §4 'Stock transfer audit'):
 * the audit (to audit → audited or refused) and, after a pass, where the goods are (in transit
 * from the outbound warehouse, then received at the inbound one).
 */
export const TRANSFER_STATUSES = ['to_audit', 'audited', 'refused'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_STAGES = ['waiting', 'in_transit', 'received'] as const;
export type TransferStage = (typeof TRANSFER_STAGES)[number];

export const TRANSFER_LIMITS = { lines: 200, quantity: 1_000_000, note: 255 } as const;

/**
 * Why units of a transfer did not arrive: recorded per SKU when the inbound warehouse finishes
 * receiving it short (lost on the way, damaged and not taken in, never sent, something else).
 */
export const TRANSFER_SHORT_REASONS = ['lost', 'damaged', 'not_sent', 'other'] as const;
export type TransferShortReason = (typeof TRANSFER_SHORT_REASONS)[number];
