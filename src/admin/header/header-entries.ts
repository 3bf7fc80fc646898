/**
 * Which header entries a role sees. The seller side (sellers and their
 * staff) gets Help and the purchase plugin; every other role gets the PDA entry and the
 * warehouse tools. The Common Tools dropdown is shown on desktop widths only.
 */
import { isSellerSide, type UserRole } from '@shared/domain/roles.js';

export type ToolId =
  | 'help'
  | 'logistics'
  | 'downloads'
  | 'purchasePlugin'
  | 'printPlugin'
  | 'virtualPrinter'
  | 'printerSettings';

export interface HeaderEntries {
  pda: boolean;
  help: boolean;
  purchasePlugin: boolean;
  /** Empty when the dropdown is not shown (narrow screens). */
  tools: ToolId[];
}

export function headerEntriesFor(role: UserRole, isDesktop: boolean): HeaderEntries {
  const seller = isSellerSide(role);
  const tools: ToolId[] = [];
  if (!seller) tools.push('help');
  tools.push('logistics', 'downloads');
  if (seller) tools.push('purchasePlugin');
  tools.push('printPlugin');
  if (!seller) tools.push('virtualPrinter', 'printerSettings');
  return { pda: !seller, help: seller, purchasePlugin: seller, tools: isDesktop ? tools : [] };
}
