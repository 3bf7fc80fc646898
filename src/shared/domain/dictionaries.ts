/**
 * The product's dictionary catalogue: one dictionary per status group of spec 02 §4, one per
 * flag pair of its 'Flags' row (values `0` and `1`), and the choice lists of spec 02 §3 and §9.
 * Labels live in locales/<lang>/dict.json as `{ [code]: { _name, [value]: label } }`; every
 * tenant gets these dictionaries (see the system module's dict catalogue).
 *
 * Codes are snake_case ASCII; values are ASCII letters, digits and `_`, at most 64 characters.
 * Local groups use lowercase snake_case values; the platform order status keeps the
 * marketplace's own upper-case codes. The order of `values` is the display order.
 */
import { USER_ROLES } from './roles.js';

export interface DictionaryDefinition {
  code: string;
  values: readonly string[];
}

export const DICTIONARY_CODE_PATTERN = /^[a-z0-9_]+$/;
export const DICTIONARY_VALUE_PATTERN = /^[A-Za-z0-9_]+$/;
export const DICTIONARY_VALUE_MAX_LENGTH = 64;

export const DICTIONARIES: readonly DictionaryDefinition[] = [
  // Status groups (spec 02 §4).
  /** The marketplace's own order status codes, in their underscore forms (READYTOSHIP is READY_TO_SHIP). */
  {
    code: 'platform_order_status',
    values: [
      'READY_TO_SHIP',
      'SHIPPED',
      'COMPLETED',
      'CANCELLED',
      'TO_RETURN',
      'TO_CONFIRM_RECEIVE',
      'IN_CANCEL',
      'UNPAID',
      'TO_CONFIRM_RECEIVE_PAY',
      'RETRY_SHIP',
      'THIRD_SHIPPED',
      'IN_TRANSIT',
      'START_SHIP',
    ],
  },
  /** The product's own (local) order status. */
  {
    code: 'order_status',
    values: [
      'to_handle',
      'to_review',
      'ready_to_ship',
      'shipped',
      'completed',
      'cancelled',
      'to_return',
      'to_confirm_receive',
      'in_cancel',
      'unpaid',
      'cod_pending',
      'retry_ship',
      'third_shipped',
      'in_transit',
      'delivered',
      'problem',
      'shelved',
      'out_of_stock',
      'need_package',
      'send_out',
      'send_back',
      'received',
      'partially_received',
    ],
  },
  /** Where an order is in the warehouse (packing, picking, sorting, handover). */
  {
    code: 'warehouse_order_status',
    values: [
      'to_pack',
      'packed',
      'repacked',
      'picking',
      'picked',
      'sorted',
      'unsorted',
      'to_deliver',
      'delivered',
      'bagged',
    ],
  },
  /** Inbound (receiving) order status. */
  {
    code: 'inbound_status',
    values: ['pending', 'partial', 'abnormal', 'stored', 'received', 'not_received', 'cancelled'],
  },
  /** Stock count (stock check order) status. */
  { code: 'stock_check_status', values: ['to_count', 'counting', 'counted'] },
  /** Stock transfer audit: waiting, passed ("through") or refused. */
  { code: 'transfer_audit_status', values: ['to_audit', 'audited', 'refused'] },
  /** Shelf (location) occupancy. */
  { code: 'shelf_status', values: ['idle', 'in_use', 'full'] },
  /** Withdrawal application status. */
  { code: 'withdrawal_status', values: ['unpaid', 'paid', 'rejected'] },
  /** Settlement record status. */
  { code: 'settlement_status', values: ['to_settle', 'settled'] },
  /** Arranging shipment with the marketplace. */
  { code: 'ship_arrange_status', values: ['to_arrange', 'arrange_failed', 'self_shipped'] },
  /** Carrier pickup and delivery of a parcel or bag. */
  { code: 'delivery_status', values: ['pending', 'picked_up', 'delivery_success', 'delivery_failed'] },
  /** One execution of an inventory push rule to shops. */
  {
    code: 'inventory_push_status',
    values: ['to_execute', 'success', 'partial_failure', 'failed', 'skipped'],
  },
  /** Processing of returned or refused parcels. */
  { code: 'return_process_status', values: ['returned_unprocessed', 'returned_processed', 'return_failed'] },
  /** Processing of an order tag. */
  { code: 'tag_process_status', values: ['to_confirm', 'processing', 'finished'] },

  // Flags (spec 02 §4 'Flags' row): 0 is the negative, 1 the positive state.
  /** 0 unprinted, 1 printed (waybill or picking list). */
  { code: 'print_flag', values: ['0', '1'] },
  /** 0 unpacked, 1 packed (order). */
  { code: 'pack_flag', values: ['0', '1'] },
  /** 0 not picked, 1 picked (order). */
  { code: 'pick_flag', values: ['0', '1'] },
  /** 0 uncharged, 1 charged (fee deducted from the balance). */
  { code: 'charge_flag', values: ['0', '1'] },
  /** 0 not refunded, 1 refunded (order or order pack). */
  { code: 'refund_flag', values: ['0', '1'] },
  /** 0 unhandled, 1 handled (a record needing action). */
  { code: 'handle_flag', values: ['0', '1'] },
  /** 0 unpaid, 1 paid (order or purchase). */
  { code: 'pay_flag', values: ['0', '1'] },
  /** 0 unchecked, 1 checked (inspection of goods or a record). */
  { code: 'check_flag', values: ['0', '1'] },
  /** 0 unlisted, 1 listed (product on sale in a shop). */
  { code: 'list_flag', values: ['0', '1'] },
  /** 0 available, 1 frozen (stock quantity or account). */
  { code: 'freeze_flag', values: ['0', '1'] },
  /** 0 not destroyed, 1 destroyed (stock past its destroy age). */
  { code: 'destroy_flag', values: ['0', '1'] },
  /** 0 unauthorized, 1 authorized (shop or logistics channel). */
  { code: 'auth_flag', values: ['0', '1'] },

  // Choice lists (spec 02 §3 and §9).
  /** Inbound transport mode. */
  { code: 'transport_type', values: ['land', 'air', 'sea'] },
  /** Inbound order warehousing type. */
  { code: 'warehousing_type', values: ['normal', 'return', 'distribution'] },
  /** Currencies by ISO 4217 code. */
  { code: 'currency', values: ['CNY', 'THB', 'TWD', 'MYR', 'PHP'] },
  /** Where a withdrawal is paid to. */
  { code: 'withdrawal_account_type', values: ['alipay', 'wechat', 'bank'] },
  /** Stock age buckets in days. */
  { code: 'stock_age', values: ['lt30', '30_90', '90_180', 'gt180'] },
  /** How many products and units an order parcel holds. */
  { code: 'parcel_type', values: ['single_single', 'single_multi', 'mixed'] },
  /** Tags put on an order. */
  { code: 'order_tag', values: ['pre_brushed', 'urgent', 'evaluation', 'problem', 'out_of_stock'] },
  /** What a stock check order counts. */
  { code: 'stock_check_type', values: ['product', 'warehouse', 'location'] },
  /** Warehouse location (shelf) type. */
  { code: 'location_type', values: ['receiving', 'storage', 'picking', 'returns', 'damaged', 'outbound'] },
  /** The user roles of src/shared/domain/roles.ts. */
  { code: 'user_role', values: USER_ROLES },
];

/** The dictionary with this code, if the catalogue has one. */
export function findDictionary(code: string): DictionaryDefinition | undefined {
  return DICTIONARIES.find((dictionary) => dictionary.code === code);
}
