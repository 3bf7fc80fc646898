/**
 * Which header entries a role sees. The seller side (sellers and their staff) gets Help; every
 * other role gets the PDA entry and the warehouse tools (the virtual printer, printer settings).
 * The Common Tools dropdown is shown on desktop widths only. Spec 01 §4 also names a purchase
 * plugin for sellers: that is another product's browser extension, which this one does not have,
 * so it is not offered (a download that answers nothing is worse than none).
 */
import { isSellerSide, type UserRole } from '@shared/domain/roles.js';

export type ToolId =
  'help' | 'logistics' | 'downloads' | 'printPlugin' | 'virtualPrinter' | 'printerSettings';

export interface HeaderEntries {
  pda: boolean;
  help: boolean;
  /** Empty when the dropdown is not shown (narrow screens). */
  tools: ToolId[];
}

export function headerEntriesFor(role: UserRole, isDesktop: boolean): HeaderEntries {
  const seller = isSellerSide(role);
  const tools: ToolId[] = [];
  if (!seller) tools.push('help');
  tools.push('logistics', 'downloads');
  tools.push('printPlugin');
  if (!seller) tools.push('virtualPrinter', 'printerSettings');
  return { pda: !seller, help: seller, tools: isDesktop ? tools : [] };
}
