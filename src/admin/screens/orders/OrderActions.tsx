/**
 * The hand actions on orders (spec 02 §5 and §8), from the list's toolbar and rows and from the
 * detail drawer: each asks first — cancel, pass, reject and out of stock with a confirmation
 * (cancel and reject with a reason), merge showing the orders it combines, split with the units
 * that leave, tags with how they change — then shows what the server answered for every order.
 * A refusal stays in the dialog in the server's words, and nothing changed.
 */
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import {
  cancelOrders,
  markOrdersOutOfStock,
  passOrderReview,
  rejectOrderReview,
} from '@api/modules/orders.js';
import type { OrderActionResult } from '@shared/contract/orders.js';
import { ORDER_LIMITS } from '@shared/domain/order.js';
import type { ActedOrder, ActionKind } from './acted-order.js';
import { OrderNumbers, useRefusal } from './ActionDialogParts.js';
import { ResultsDialog, type Results } from './OrderActionResults.js';
import { MergeDialog, SplitDialog } from './OrderMergeSplit.js';
import { TagsDialog } from './OrderTagsDialog.js';
import { allowsAll } from './shared.js';

interface Dialog {
  kind: ActionKind;
  orders: ActedOrder[];
}

export interface OrderActionsOptions {
  /** After an action the server agreed to (the list clears its selection). */
  onDone?: (kind: ActionKind) => void;
  /** Opens an order (the combined order of a merge, the new order of a split). */
  openOrder?: (id: string) => void;
}

/**
 * The actions and their dialogs: `start(kind, orders)` asks (or says why it cannot), and
 * `dialogs` renders whatever is open.
 */
export function useOrderActions({ onDone, openOrder }: OrderActionsOptions = {}) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [results, setResults] = useState<Results | null>(null);

  const start = (kind: ActionKind, orders: ActedOrder[]) => {
    if (orders.length === 0) {
      void message.warning(t('action.select_first'));
      return;
    }
    if (kind === 'merge' && orders.length < 2) {
      void message.warning(t('merge.too_few'));
      return;
    }
    if (kind === 'split' && orders.length !== 1) {
      void message.warning(t('split.one_only'));
      return;
    }
    if (kind !== 'tags' && !allowsAll(kind, orders)) {
      void message.warning(t('action.not_allowed', { action: t(`action.${kind}`) }));
      return;
    }
    setDialog({ kind, orders });
  };

  const finish = (kind: ActionKind, title: string, rows: OrderActionResult[] | null) => {
    setDialog(null);
    if (rows) setResults({ title, rows });
    onDone?.(kind);
  };

  const dialogs = (
    <>
      <ConfirmDialog
        dialog={dialog && isConfirmKind(dialog.kind) ? { kind: dialog.kind, orders: dialog.orders } : null}
        onClose={() => setDialog(null)}
        onDone={(kind, rows) => finish(kind, t(`action.${kind}`), rows)}
      />
      <MergeDialog
        orders={dialog?.kind === 'merge' ? dialog.orders : null}
        onClose={() => setDialog(null)}
        onDone={(saved) => {
          finish('merge', t('action.merge'), null);
          void message.success(t('merge.done', { orderNo: saved.systemNo }));
          openOrder?.(saved.id);
        }}
      />
      <SplitDialog
        order={dialog?.kind === 'split' ? (dialog.orders[0] ?? null) : null}
        onClose={() => setDialog(null)}
        onDone={(saved) => {
          finish('split', t('action.split'), null);
          void message.success(t('split.done', { orderNo: saved.orderNo }));
          openOrder?.(saved.id);
        }}
      />
      <TagsDialog
        orders={dialog?.kind === 'tags' ? dialog.orders : null}
        onClose={() => setDialog(null)}
        onDone={(rows) => finish('tags', t('action.tags'), rows)}
      />
      <ResultsDialog results={results} onClose={() => setResults(null)} />
    </>
  );

  return { start, dialogs };
}

const CONFIRM_KINDS = ['cancel', 'reviewPass', 'reviewReject', 'markOutOfStock'] as const;
type ConfirmKind = (typeof CONFIRM_KINDS)[number];
const isConfirmKind = (kind: ActionKind): kind is ConfirmKind =>
  (CONFIRM_KINDS as readonly string[]).includes(kind);

/** Cancel, pass, reject and out of stock: a confirmation (spec 02 §5), with a reason where one is kept. */
function ConfirmDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: { kind: ConfirmKind; orders: ActedOrder[] } | null;
  onClose: () => void;
  onDone: (kind: ConfirmKind, rows: OrderActionResult[]) => void;
}) {
  const { t } = useTranslation('orders');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const refusal = useRefusal();
  const cancel = useInventoryChange(cancelOrders);
  const pass = useInventoryChange(passOrderReview);
  const reject = useInventoryChange(rejectOrderReview);
  const outOfStock = useInventoryChange(markOrdersOutOfStock);
  const kind = dialog?.kind;
  const isPending = cancel.isPending || pass.isPending || reject.isPending || outOfStock.isPending;

  const close = () => {
    setReason('');
    setReasonError(false);
    refusal.clear();
    onClose();
  };

  const confirm = async () => {
    if (!dialog || !kind) return;
    const ids = dialog.orders.map((order) => order.id);
    if (kind === 'reviewReject' && reason.trim() === '') {
      setReasonError(true);
      return;
    }
    const send = (): Promise<Envelope<OrderActionResult[]>> => {
      switch (kind) {
        case 'cancel':
          return cancel.mutateAsync({ ids, reason: reason.trim() });
        case 'reviewPass':
          return pass.mutateAsync({ ids });
        case 'reviewReject':
          return reject.mutateAsync({ ids, reason: reason.trim() });
        case 'markOutOfStock':
          return outOfStock.mutateAsync({ ids });
      }
    };
    const reply = await refusal.run(send);
    if (!reply) return;
    setReason('');
    onDone(kind, reply.result);
  };

  const hasReason = kind === 'cancel' || kind === 'reviewReject';
  const isDanger = kind === 'cancel' || kind === 'reviewReject' || kind === 'markOutOfStock';
  return (
    <Modal
      open={dialog !== null}
      title={kind ? t(`confirm.${kind}_title`, { count: dialog?.orders.length ?? 0 }) : ''}
      okText={kind ? t(`confirm.${kind}_ok`) : ''}
      okButtonProps={{ danger: isDanger, loading: isPending }}
      cancelText={t('common.keep')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal.alert}
      {kind && <Typography.Paragraph>{t(`confirm.${kind}_content`)}</Typography.Paragraph>}
      {dialog && <OrderNumbers orders={dialog.orders} />}
      {hasReason && (
        <Form layout="vertical">
          <Form.Item
            label={t(kind === 'cancel' ? 'confirm.cancel_reason' : 'confirm.reject_reason')}
            required={kind === 'reviewReject'}
            validateStatus={reasonError ? 'error' : undefined}
            help={reasonError ? t('confirm.reject_reason_required') : undefined}
          >
            <Input.TextArea
              rows={2}
              maxLength={ORDER_LIMITS.text}
              value={reason}
              aria-label={t(kind === 'cancel' ? 'confirm.cancel_reason' : 'confirm.reject_reason')}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(false);
              }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
