/**
 * Where an order number in a question lands, so a link never leads to a page the user's menu
 * does not route: the role's order list (orderListLink, spec 01 §2) when the menu routes it;
 * else another order list the menu routes (the side's own kind: a seller's list never stands
 * in for the warehouse side's or the other way round); else, for a user whose menu holds no
 * order list at all (customer service), the order's feedback page.
 */
import type { MenuItem } from '@shared/contract/identity.js';
import { isSellerSide, type UserRole } from '@shared/domain/roles.js';
import { feedbackLink, orderListLink } from './question-links.js';

/** The order lists of spec 01 §2, by who may stand in for whom. */
const SELLER_LISTS = ['/order/manage/seller'];
const OTHER_LISTS = ['/order/manager/ware', '/agent/order/new'];

/** The paths the menu registers as routes (hidden items included). */
export function routedPaths(menu: readonly MenuItem[] | undefined): ReadonlySet<string> {
  const paths = new Set<string>();
  const visit = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.route !== '0' && item.path.startsWith('/')) paths.add(item.path);
      if (item.children) visit(item.children);
    }
  };
  visit(menu ?? []);
  return paths;
}

/** The order list link for a question's order; `routed` empty means the menu is not known yet. */
export function orderLandingLink(role: UserRole, ordersn: string, routed: ReadonlySet<string>): string {
  const link = orderListLink(role, ordersn);
  if (routed.size === 0) return link;
  const [path = '', query = ''] = link.split('?');
  if (routed.has(path)) return link;
  const other = (isSellerSide(role) ? SELLER_LISTS : OTHER_LISTS).find((candidate) => routed.has(candidate));
  if (other) return `${other}?${query}`;
  return feedbackLink(role, ordersn);
}
