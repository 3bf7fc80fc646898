/**
 * Button and API permission codes. Every route names one of these (or 'public' /
 * 'authenticated'); the menu catalogue grants them to roles.
 */
export const PERMISSIONS = {
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userFreeze: 'system:user:frozen',
  userPassword: 'system:user:password',
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  rolePermission: 'system:role:permission',
  permissionList: 'system:permission:list',
  permissionAdd: 'system:permission:add',
  permissionEdit: 'system:permission:edit',
  departList: 'system:depart:list',
  departAdd: 'system:depart:add',
  departEdit: 'system:depart:edit',
  departDelete: 'system:depart:delete',
  dictList: 'system:dict:list',
  dictAdd: 'system:dict:add',
  dictEdit: 'system:dict:edit',
  logList: 'system:log:list',
  sellerRoleList: 'seller:role:list',
  sellerRoleAdd: 'seller:role:add',
  sellerRoleEdit: 'seller:role:edit',
  sellerRolePermission: 'seller:role:permission',
  sellerStaffList: 'seller:staff:list',
  sellerStaffAdd: 'seller:staff:add',
  sellerStaffEdit: 'seller:staff:edit',
  announcementList: 'system:announcement:list',
  announcementAdd: 'system:announcement:add',
  announcementEdit: 'system:announcement:edit',
  announcementRelease: 'system:announcement:release',
  videoEdit: 'system:video:edit',
  warehouseList: 'warehouse:list',
  warehouseAdd: 'warehouse:add',
  warehouseEdit: 'warehouse:edit',
  warehouseStaff: 'warehouse:staff',
  locationList: 'warehouse:location:list',
  locationEdit: 'warehouse:location:edit',
  productList: 'catalog:product:list',
  productEdit: 'catalog:product:edit',
  stockList: 'inventory:stock:list',
  stockLocationList: 'inventory:location:list',
  stockRecords: 'inventory:record:list',
  stockAdjust: 'inventory:stock:adjust',
  stockFreeze: 'inventory:stock:freeze',
  stockMove: 'inventory:stock:move',
  /** List returned or damaged stock older than an age and destroy it (through the ledger). */
  stockDestroy: 'inventory:stock:destroy',
  /** See stock check orders, their progress and variances; print count sheets. */
  countList: 'inventory:count:list',
  /** Create, assign and close stock check orders. */
  countEdit: 'inventory:count:edit',
  /** Pass or reject a count's variances (a pass corrects stock through the ledger). */
  countReview: 'inventory:count:review',
  /** See transfers between warehouses. */
  transferList: 'inventory:transfer:list',
  /** Make transfers between warehouses. */
  transferEdit: 'inventory:transfer:edit',
  /** Pass or refuse a transfer (never one's own): a pass sends the stock out, in transit. */
  transferAudit: 'inventory:transfer:audit',
  /** See returns and refused receipts, their items and what became of them. */
  returnList: 'outbound:return:list',
  /** Match a return that matched no order to its order by hand. */
  returnMatch: 'outbound:return:match',
  inboundList: 'inbound:order:list',
  inboundAdd: 'inbound:order:add',
  /** Change or cancel an order while nothing of it was received. */
  inboundEdit: 'inbound:order:edit',
  inboundReceive: 'inbound:order:receive',
  inboundShelve: 'inbound:order:shelve',
  pdaSync: 'pda:sync',
  /** Read an order's questions and feedback, write notes on it and mark them handled (spec 01 §2). */
  orderQuestion: 'order:question',
  /**
   * Read the order list and an order's detail, and which orders hold a SKU's frozen units; alone
   * (customer service) it reads and changes nothing.
   */
  orderList: 'order:list',
  /** Enter orders by hand (sellers for themselves, agents for a seller). */
  orderAdd: 'order:add',
  /** Cancel, mark out of stock, tag, note, merge and split orders. */
  orderEdit: 'order:edit',
  orderReview: 'order:review',
  /** Re-derive reservations from open orders and fix every difference. */
  orderRepair: 'order:repair',
  /** See the seller's shops, their sync and its history. */
  shopList: 'shop:list',
  /** Add, authorise, pause, remove and sync shops. */
  shopEdit: 'shop:edit',
  /** Pair marketplace items to local SKUs, and undo a pairing. */
  skuMatch: 'shop:sku:match',
  /** See logistics channels (the arrange dialog's choices come from them). */
  channelList: 'logistics:channel:list',
  /** Add, edit, enable, authorise and delete logistics channels with their keys. */
  channelEdit: 'logistics:channel:edit',
  /** See the outbound list with each order's waybill. */
  waybillList: 'waybill:list',
  /** Arrange shipments, print and reprint waybills, fix a label that was not saved. */
  waybillArrange: 'waybill:arrange',
  /** Mark orders picked, packed and delivered in the admin (warehouses without handhelds). */
  outboundEdit: 'outbound:edit',
  /** See waves, their progress, who is picking and what was short; print a wave's pick list. */
  waveList: 'outbound:wave:list',
  /** Make waves from chosen orders or by criteria. */
  waveEdit: 'outbound:wave:edit',
} as const;
export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
