/**
 * Every error the API can answer, as a stable code and its HTTP status (docs/architecture.md §3).
 * Clients translate the code with i18next (`errors:<code>`); a code without its six
 * translations fails the locale test.
 */
export const ERROR_STATUS = {
  'common.validation': 400,
  'common.malformed_json': 400,
  'common.unsupported_media_type': 415,
  'common.payload_too_large': 413,
  'common.headers_too_large': 431,
  'common.bad_request': 400,
  'common.request_timeout': 408,
  'common.unauthorized': 401,
  'common.forbidden': 403,
  'common.not_found': 404,
  'common.route_not_found': 404,
  'common.conflict': 409,
  'common.rate_limited': 429,
  'common.internal': 500,
  'common.unavailable': 503,

  'auth.bad_credentials': 422,
  'auth.account_locked': 422,
  'auth.account_frozen': 403,
  'auth.token_expired': 401,
  'auth.tenant_unknown': 422,
  'auth.sms_code_invalid': 422,
  'auth.sms_too_frequent': 429,
  'auth.phone_not_registered': 422,
  'auth.sso_not_configured': 422,
  'auth.sso_ticket_invalid': 422,
  'auth.sso_user_unknown': 422,
  'auth.sso_unreachable': 502,
  'auth.register_username_taken': 409,
  'auth.register_phone_taken': 409,

  'password.old_required': 400,
  'password.rule': 400,
  'password.confirm_required': 400,
  'password.mismatch': 400,
  'password.old_incorrect': 422,
  'password.same_as_old': 422,
  'password.not_own_account': 403,

  'user.not_found': 404,
  'user.username_taken': 409,
  'user.phone_taken': 409,
  'user.email_taken': 409,
  'user.cannot_freeze_self': 422,
  'user.role_not_allowed': 403,
  'user.seller_not_found': 404,

  'depart.not_member': 403,
  'depart.not_found': 404,
  'depart.code_taken': 409,
  'depart.has_children': 422,
  'depart.has_users': 422,
  'depart.parent_not_found': 404,
  'depart.too_many_children': 422,

  'role.not_found': 404,
  'role.code_taken': 409,
  'role.in_use': 422,
  'role.permission_not_grantable': 403,
  'role.builtin': 422,

  'permission.not_found': 404,
  'permission.parent_not_found': 404,
  'permission.has_children': 422,
  'permission.code_taken': 409,
  'permission.parent_invalid': 422,

  'dict.not_found': 404,
  'dict.code_taken': 409,
  'dict.item_value_taken': 409,
  'dict.item_not_found': 404,

  'duplicate.value_exists': 409,
  'duplicate.check_not_allowed': 400,

  'announcement.not_found': 404,
  'announcement.not_editable': 422,
  'announcement.not_deletable': 422,
  'announcement.cannot_release': 422,
  'announcement.cannot_revoke': 422,
  'announcement.recipient_not_found': 422,

  'question.not_found': 404,
  'question.flag_not_allowed': 403,
  'question.seller_not_found': 422,
  'question.order_ambiguous': 422,

  'video.not_found': 404,
  'video.audience_not_allowed': 403,

  'warehouse.not_found': 404,
  'warehouse.code_taken': 409,
  'warehouse.in_use': 422,
  'warehouse.partition_not_found': 404,
  'warehouse.partition_code_taken': 409,
  'warehouse.partition_in_use': 422,
  'warehouse.partition_other_warehouse': 422,
  'warehouse.location_not_found': 404,
  'warehouse.location_code_taken': 409,
  'warehouse.location_in_use': 422,
  'warehouse.location_other_warehouse': 422,
  'warehouse.user_not_found': 404,
  'warehouse.staff_role_invalid': 422,

  'catalog.product_not_found': 404,
  'catalog.sku_not_found': 404,
  'catalog.seller_only': 403,
  'catalog.seller_sku_taken': 409,
  'catalog.local_sku_taken': 409,
  'catalog.barcode_taken': 409,
  'catalog.barcode_not_found': 404,
  'catalog.too_many_barcodes': 422,
  'catalog.sku_in_use': 422,
  'catalog.photo_invalid': 400,

  'printing.too_many_labels': 422,

  'files.not_multipart': 415,
  'files.none': 400,
  'files.malformed': 400,
  'files.too_many': 422,
  'files.too_large': 413,
  'files.not_an_image': 422,
  'files.not_found': 404,

  'downloads.not_found': 404,
  'downloads.not_ready': 409,
  'downloads.too_many_pending': 429,
  'downloads.export_failed': 500,

  'import.not_a_workbook': 422,
  'import.wrong_columns': 422,
  'import.too_many_rows': 422,
  'import.empty': 422,
  'import.rows_invalid': 422,
  'import.duplicate_in_file': 422,

  'inventory.insufficient_stock': 422,
  'inventory.insufficient_frozen': 422,
  'inventory.insufficient_in_transit': 422,
  'inventory.insufficient_location_stock': 422,
  'inventory.same_location': 422,
  'inventory.same_warehouse': 422,

  'inbound.warehouse_required': 400,
  'inbound.not_found': 404,
  'inbound.seller_only': 403,
  'inbound.sku_not_found': 422,
  'inbound.box_no_duplicate': 422,
  'inbound.box_not_found': 404,
  'inbound.sku_not_in_order': 422,
  'inbound.box_finished': 422,
  'inbound.order_closed': 422,
  'inbound.not_changeable': 409,
  'inbound.over_capacity': 422,
  'inbound.override_not_allowed': 403,
  'inbound.over_shelving': 422,
  'inbound.no_receiving_location': 422,
  'inbound.nothing_to_receive': 422,
  'inbound.transition_not_allowed': 409,
  'inbound.undo_too_late': 409,
  'inbound.photo_invalid': 400,

  'order.no_required': 400,
  'order.not_selected': 400,
  'order.not_found': 404,
  'order.merged': 409,
  'order.transition_not_allowed': 409,
  'order.action_not_allowed': 409,
  'order.sku_unmatched': 422,
  'order.not_reserved': 409,
  'order.pick_location_required': 400,
  'order.sku_not_found': 422,
  'order.seller_required': 400,
  'order.seller_not_found': 404,
  'order.no_duplicate': 409,
  'order.merge_too_few': 400,
  'order.merge_mismatch': 422,
  'order.line_not_in_order': 422,
  'order.split_quantity': 422,
  'order.split_all': 422,
  'order.note_not_allowed': 403,

  'pda.sequence_gap': 409,
  'pda.sequence_reused': 409,
  'pda.session_revoked': 401,
  'pda.batch_invalid': 400,
  'pda.undo_unknown': 404,
  'pda.undo_already': 409,
  'pda.undo_unsupported': 422,
  'pda.photo_order_mismatch': 400,
  'pda.device_unknown': 403,
  'pda.device_taken': 409,

  'shop.not_found': 404,
  'shop.incomplete': 422,
  'shop.not_configured': 503,
  'shop.authorisation_expired': 410,
  'shop.authorisation_failed': 502,
  'shop.domain_required': 400,
  'shop.keys_only': 409,
  'shop.redirect_only': 409,
  'shop.already_connected': 409,
  'shop.not_authorised': 409,
  'shop.item_not_found': 404,
  'shop.sku_not_found': 422,
  'shop.revoked': 409,
  /** The shop's data and tokens were erased on the platform's request (shop/redact). */
  'shop.redacted': 409,
  'shop.rate_limited': 429,
  'shop.unavailable': 502,
  'shop.malformed': 502,
  'shop.rejected': 502,
  'shop.signature': 502,
  'shop.webhook_invalid': 401,

  'logistics.channel_not_found': 404,
  'logistics.channel_name_taken': 409,
  'logistics.not_configured': 503,
  'logistics.keys_not_needed': 400,
  'logistics.channel_in_use': 409,
  'logistics.not_authorised': 409,
  'logistics.keys_refused': 422,
  'logistics.carrier_unavailable': 502,
  'waybill.not_pending': 409,
  'waybill.already_arranged': 409,
  'waybill.arranging': 409,
  'waybill.channel_required': 400,
  'waybill.warehouse_required': 400,
  'waybill.channel_not_allowed': 422,
  'waybill.platform_has_no_logistics': 422,
  'waybill.tracking_pending': 502,
  'waybill.label_invalid': 422,
  'waybill.label_not_saved': 502,
  'waybill.refused_cancelled': 422,
  'waybill.refused_unpaid': 422,
  'waybill.refused_already_shipped': 422,
  'waybill.refused_address_incomplete': 422,
  'waybill.refused_not_found': 422,
  'waybill.carrier_rejected': 422,
  'waybill.shop_not_connected': 409,
  'waybill.cancelled_meanwhile': 409,
  'waybill.not_arranged': 409,
  'waybill.no_label': 409,
  'waybill.batch_not_found': 404,
  'waybill.batch_not_ready': 409,
  'outbound.wrong_step': 409,
  'outbound.out_of_stock': 409,
  'outbound.no_location_stock': 409,
  'outbound.no_waybill': 409,
  'outbound.not_printed': 409,
  'outbound.already_out': 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorParams = Record<string, string | number>;

/** A field that failed validation: its dotted path, the rule that failed and the rule's limits. */
export interface FieldError {
  path: string;
  rule: string;
  params?: ErrorParams;
}

/** A refusal with a stable code; the server turns it into the reply envelope with a translated message. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    readonly fields: FieldError[] = [],
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}
