/**
 * Receiving a transfer from another warehouse by scan, like an inbound box: the transfer (picked
 * from those in transit to this warehouse, or its batch number scanned), then its units (each
 * scan counts one; a code the transfer does not carry, or a unit beyond what was sent, is
 * refused on the device), then the location they go on (scanning it queues the receipt). "End
 * receiving" records what never arrived as short with a reason and closes the transfer. The
 * transfer in progress with its scans survives a reload (saved-work.ts); everything works offline
 * with the transfers last fetched.
 */
import { Button, List, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferTask } from '@shared/contract/transfers.js';
import { TRANSFER_SHORT_REASONS, type TransferShortReason } from '@shared/domain/transfers.js';
import { confirmDialog } from '../kit/kit.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import { findLocation } from '../reference/locations.js';
import {
  fetchTransferTasks,
  findTransfer,
  findTransferSku,
  finishTransfer,
  leftOf,
  loadTransferTasks,
  queuedReceipts,
  receiveOnto,
  saveTransferTasks,
  type Scanned,
} from './transfer-data.js';

type Items = { name: 'items'; task: TransferTask; scanned: Scanned; queued: Scanned };
type Step =
  { name: 'task' } | Items | (Omit<Items, 'name'> & { name: 'finish'; reason: TransferShortReason });

const sum = (values: Scanned) => Object.values(values).reduce((total, quantity) => total + quantity, 0);
/** Units of the transfer still to arrive, counting what this device queued as received. */
const shortOf = ({ task, queued }: Pick<Items, 'task' | 'queued'>) =>
  task.lines.reduce((total, line) => total + leftOf(line, queued), 0);

export function TransferScreen({
  warehouseId,
  fetchTasks = fetchTransferTasks,
}: {
  warehouseId: string;
  /** Where the transfers in transit come from when online (a test gives its own). */
  fetchTasks?: () => Promise<TransferTask[]>;
}) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [tasks, setTasks] = useState<TransferTask[]>([]);

  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: { name: 'task' },
    prompts: {
      task: 'transfer.scanTask',
      items: (at) => t(sum(at.scanned) > 0 ? 'transfer.scanLocation' : 'transfer.scanSku'),
      finish: 'transfer.shortPrompt',
    },
    // While the short reason is asked, scans wait.
    onScan: {
      task: (_, code) => handleTaskScan(code),
      items: (current, code) => handleItemScan(current, code),
    },
    holds: (at) => at.name === 'finish',
    failure: 'transfer.failed',
    logName: 'transfer',
    saved: {
      screen: 'transfer',
      warehouseId,
      save: (at) =>
        at.name === 'task' ? null : { name: 'items', transferId: at.task.id, scanned: at.scanned },
      restore: async (saved, restoreStep) => {
        const { transferId, scanned } = saved.step ?? {};
        const task = (await loadTransferTasks(db, warehouseId)).find((item) => item.id === transferId);
        if (!task) return;
        const restored: Scanned = {};
        if (scanned && typeof scanned === 'object' && !Array.isArray(scanned))
          for (const [skuId, quantity] of Object.entries(scanned))
            if (typeof quantity === 'number' && task.lines.some((line) => line.skuId === skuId))
              restored[skuId] = quantity;
        restoreStep({ name: 'items', task, scanned: restored, queued: await queuedReceipts(db, task.id) });
      },
    },
  });
  const { step, setStep, tell, fail } = scan;
  const { isBlocked } = scan.feedback;

  // The device's transfers at once, then the server's when it answers (offline, the device's stay).
  useEffect(() => {
    if (step.name !== 'task') return undefined;
    let isCurrent = true;
    const show = async () => {
      const local = await loadTransferTasks(db, warehouseId);
      if (isCurrent) setTasks(local);
      try {
        await saveTransferTasks(db, await fetchTasks());
        const fresh = await loadTransferTasks(db, warehouseId);
        if (isCurrent) setTasks(fresh);
      } catch {
        // Offline: receive with the transfers last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA transfer tasks failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, step.name, fetchTasks]);

  const openTask = async (task: TransferTask) => {
    tell('ok', t('transfer.opened', { batchNo: task.batchNo }));
    setStep({ name: 'items', task, scanned: {}, queued: await queuedReceipts(db, task.id) });
  };

  const handleTaskScan = async (code: string) => {
    const task = findTransfer(tasks, code);
    if (!task) return tell('error', t('transfer.unknown', { code }));
    return openTask(task);
  };

  const putAway = async (current: Items, locationId: string, locationCode: string) => {
    const units = await receiveOnto(db, { task: current.task, locationId, scanned: current.scanned });
    tell('ok', t('transfer.received', { units, location: locationCode }));
    setStep({ ...current, scanned: {}, queued: await queuedReceipts(db, current.task.id) });
  };

  const handleItemScan = async (current: Items, code: string) => {
    const found = await findTransferSku(db, current.task, code);
    if (found.kind === 'line') {
      const { line } = found;
      const scanned = current.scanned[line.skuId] ?? 0;
      if (scanned >= leftOf(line, current.queued))
        return tell('error', t('transfer.overArrival', { sku: line.sellerSku, quantity: line.quantity }));
      tell('ok', t('transfer.scanned', { sku: line.sellerSku, quantity: scanned + 1 }));
      return setStep({ ...current, scanned: { ...current.scanned, [line.skuId]: scanned + 1 } });
    }
    if (found.kind === 'not_in_transfer')
      return tell(
        'error',
        t('transfer.skuNotInTransfer', { sku: found.sellerSku, batchNo: current.task.batchNo }),
      );
    const location = await findLocation(db, warehouseId, code);
    if (location.kind === 'other_warehouse')
      return tell('error', t('transfer.locationOtherWarehouse', { code }));
    if (location.kind === 'not_found') return tell('error', t('transfer.codeUnknown', { code }));
    if (sum(current.scanned) === 0) return tell('error', t('transfer.scanItemsFirst'));
    return putAway(current, location.location.id, location.location.code);
  };

  // Every unit arrived (received here or on the server): nothing is short, so no reason is asked.
  const startFinish = async (current: Items) => {
    if (sum(current.scanned) > 0) tell('error', t('transfer.putAwayFirst'));
    else if (shortOf(current) === 0) await confirmFinish(current, null);
    else setStep({ ...current, name: 'finish', reason: 'lost' });
  };

  const confirmFinish = async (current: Omit<Items, 'name'>, reason: TransferShortReason | null) => {
    const short = shortOf(current);
    const isSure = await confirmDialog({
      content:
        short === 0
          ? t('transfer.confirmComplete', { batchNo: current.task.batchNo })
          : t('transfer.confirmShort', { batchNo: current.task.batchNo, units: short }),
      confirmText: t('transfer.finish'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return;
    await finishTransfer(db, { task: current.task, reason: short === 0 ? null : reason });
    tell('ok', t('transfer.finished', { batchNo: current.task.batchNo }));
    setStep({ name: 'task' });
  };

  return (
    <ScanFrame steps={scan} testId="transfer-screen" titleKey="transfer.title">
      {step.name === 'task' && (
        <List header={t('transfer.openTasks')}>
          {tasks.length === 0 && <List.Item>{t('transfer.noTasks')}</List.Item>}
          {tasks.map((task) => (
            <List.Item
              key={task.id}
              className="pda-big-item"
              clickable
              onClick={() => void openTask(task).catch(fail)}
              description={t('transfer.from', { warehouse: task.fromWarehouseCode })}
            >
              {task.batchNo}
            </List.Item>
          ))}
        </List>
      )}
      {step.name === 'items' && (
        <>
          <List header={t('transfer.linesHeader', { batchNo: step.task.batchNo })}>
            {step.task.lines.map((line) => (
              <List.Item
                key={line.skuId}
                description={t('transfer.progress', {
                  received: line.quantity - leftOf(line, step.queued),
                  quantity: line.quantity,
                })}
                extra={
                  <span className="pda-count" data-testid={`scanned-${line.sellerSku}`}>
                    {step.scanned[line.skuId] ?? 0}
                  </span>
                }
              >
                {`${line.sellerSku} ${line.name}`.trim()}
              </List.Item>
            ))}
          </List>
          <div className="pda-tasks">
            <Button
              block
              color="primary"
              className="pda-task"
              disabled={isBlocked}
              onClick={() => void startFinish(step).catch(fail)}
            >
              {t('transfer.finish')}
            </Button>
            <Button
              block
              size="large"
              disabled={sum(step.scanned) === 0}
              onClick={() => setStep({ ...step, scanned: {} })}
            >
              {t('transfer.clearScans')}
            </Button>
            <Button block size="large" onClick={() => setStep({ name: 'task' })}>
              {t('transfer.otherTask')}
            </Button>
          </div>
        </>
      )}
      {step.name === 'finish' && (
        <>
          <List header={t('transfer.shortHeader', { batchNo: step.task.batchNo })}>
            {step.task.lines.filter((line) => leftOf(line, step.queued) > 0).length === 0 && (
              <List.Item>{t('transfer.allArrived')}</List.Item>
            )}
            {step.task.lines
              .filter((line) => leftOf(line, step.queued) > 0)
              .map((line) => (
                <List.Item
                  key={line.skuId}
                  extra={
                    <span className="pda-count" data-testid={`short-${line.sellerSku}`}>
                      {leftOf(line, step.queued)}
                    </span>
                  }
                >
                  {line.sellerSku}
                </List.Item>
              ))}
          </List>
          <div className="pda-field-label">{t('transfer.reason')}</div>
          <Selector
            columns={2}
            value={[step.reason]}
            onChange={(value) => value[0] && setStep({ ...step, reason: value[0] })}
            options={TRANSFER_SHORT_REASONS.map((value) => ({
              value,
              label: t(`transfer.reasons.${value}`),
            }))}
          />
          <div className="pda-tasks">
            <Button
              block
              color="primary"
              className="pda-task"
              onClick={() => void confirmFinish(step, step.reason).catch(fail)}
            >
              {t('transfer.finish')}
            </Button>
            <Button block size="large" onClick={() => setStep({ ...step, name: 'items' })}>
              {t('transfer.back')}
            </Button>
          </div>
        </>
      )}
    </ScanFrame>
  );
}
