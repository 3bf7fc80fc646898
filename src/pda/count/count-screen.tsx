/**
 * Blind counting by scan: the check order (picked from the open ones on the device, or its
 * number scanned from the count sheet), then a location of it, then every unit on the location
 * (each scan counts one; the last SKU's quantity can be typed), never showing what the books
 * expect. The location shows how many SKUs the books have there (never how many units) and which
 * of them are counted or not yet; each not counted yet is either scanned or confirmed as none
 * here (an explicit 0), and "Finish location" with some still open asks once, naming them, before
 * it counts each as none here: nothing is finished as a silent 0. "Finish location" queues the
 * count (an empty location is confirmed as empty); "Recount" clears the location's scans to start
 * it again. While the last SKU's typed quantity is one its field refuses, scans and "Finish
 * location" are refused with the reason. A location of another warehouse, one the order does not count, an unknown code or a
 * SKU outside a count by product is refused on the device, before anything is queued. Where the worker is, with the scans so far, survives a
 * reload (saved-work.ts); everything works offline with the tasks last fetched.
 */
import { Button, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountExpectedSku, CountTask } from '@shared/contract/counts.js';
import { confirmDialog } from '../kit/kit.js';
import { QuantityStepper } from '../kit/quantity-stepper.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import type { JsonObject } from '../data/db.js';
import { loadLocation, type LocationData } from '../reference/locations.js';
import type { SkuData } from '../reference/skus.js';
import {
  expectedOn,
  fetchCountTasks,
  findCountLocation,
  findCountSku,
  finishLocation,
  leftToCount,
  loadCountTasks,
  loadSkus,
  notCountedYet,
  saveCountTasks,
  type Counted,
} from './count-data.js';
import { ExpectedSkus, FoundElse } from './count-views.js';

type Step =
  | { name: 'task' }
  | { name: 'location'; task: CountTask }
  | { name: 'items'; task: CountTask; location: LocationData; counted: Counted; lastSkuId: string | null };

/** The most the last SKU's quantity field takes. */
const COUNT_MAX = 99_999;

export function CountScreen({
  warehouseId,
  fetchTasks = fetchCountTasks,
}: {
  warehouseId: string;
  /** Where the open check orders come from when online (a test gives its own). */
  fetchTasks?: () => Promise<CountTask[]>;
}) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [tasks, setTasks] = useState<CountTask[]>([]);
  const [skus, setSkus] = useState<Map<string, SkuData>>(new Map());
  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: { name: 'task' },
    prompts: { task: 'count.scanTask', location: 'count.scanLocation', items: 'count.scanSku' },
    onScan: {
      task: (_, code) => handleTaskScan(code),
      location: (current, code) => handleLocationScan(current.task, code),
      items: (current, code) => handleSkuScan(current, code),
    },
    failure: 'count.failed',
    logName: 'count',
    saved: {
      screen: 'count',
      warehouseId,
      save: (at): JsonObject | null =>
        at.name === 'task'
          ? null
          : at.name === 'location'
            ? { name: 'location', taskId: at.task.id }
            : {
                name: 'items',
                taskId: at.task.id,
                locationId: at.location.id,
                counted: at.counted,
                lastSkuId: at.lastSkuId,
              },
      restore: async (saved, restoreStep) => {
        const { name, taskId, locationId, counted, lastSkuId } = saved.step ?? {};
        const task = (await loadCountTasks(db, warehouseId)).find((item) => item.id === taskId);
        if (!task) return;
        const location = typeof locationId === 'string' ? await loadLocation(db, locationId) : null;
        if (name !== 'items' || !location) return restoreStep({ name: 'location', task });
        const restored: Counted = {};
        if (counted && typeof counted === 'object' && !Array.isArray(counted))
          for (const [skuId, quantity] of Object.entries(counted))
            if (typeof quantity === 'number') restored[skuId] = quantity;
        setSkus(await loadSkus(db, Object.keys(restored)));
        restoreStep({
          name: 'items',
          task,
          location,
          counted: restored,
          lastSkuId: typeof lastSkuId === 'string' ? lastSkuId : null,
        });
      },
    },
  });
  const { step, setStep, tell, fail } = scan;
  const { isBlocked } = scan.feedback;
  // While the last SKU's quantity field refuses what was typed, nothing that would count or
  // finish with that SKU goes on: its count would be a number the worker did not give.
  const [isQuantityValid, setQuantityValid] = useState(true);
  /** Refuses, saying why, while the last SKU's typed quantity is refused; true if it did. */
  const refuseInvalidQuantity = (current: Extract<Step, { name: 'items' }>): boolean => {
    if (isQuantityValid || current.lastSkuId === null) return false;
    const sku = skus.get(current.lastSkuId)?.sellerSku ?? '';
    tell('error', t('count.quantityInvalid', { sku, min: 0, max: COUNT_MAX }));
    return true;
  };

  // The device's tasks at once, then the server's when it answers (offline, the device's stay).
  useEffect(() => {
    if (step.name !== 'task') return undefined;
    let isCurrent = true;
    const show = async () => {
      const local = await loadCountTasks(db, warehouseId);
      if (isCurrent) setTasks(local);
      try {
        await saveCountTasks(db, await fetchTasks());
        const fresh = await loadCountTasks(db, warehouseId);
        if (isCurrent) setTasks(fresh);
      } catch {
        // Offline: count with the tasks last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA count tasks failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, step.name, fetchTasks]);

  const openTask = (task: CountTask) => {
    tell('ok', t('count.taskOpened', { countNo: task.countNo }));
    setStep({ name: 'location', task });
  };

  const handleTaskScan = (code: string) => {
    const task = tasks.find((item) => item.countNo.toUpperCase() === code.trim().toUpperCase());
    if (!task) return tell('error', t('count.taskUnknown', { code }));
    return openTask(task);
  };

  const handleLocationScan = async (task: CountTask, code: string) => {
    const found = await findCountLocation(db, task, code);
    if (found.kind === 'not_found') return tell('error', t('count.locationUnknown', { code }));
    if (found.kind === 'other_warehouse') return tell('error', t('count.locationOtherWarehouse', { code }));
    if (found.kind === 'not_in_count')
      return tell('error', t('count.locationNotInCount', { code, countNo: task.countNo }));
    tell('ok', t('count.locationOpened', { location: found.location.code }));
    setStep({ name: 'items', task, location: found.location, counted: {}, lastSkuId: null });
  };

  const handleSkuScan = async (current: Extract<Step, { name: 'items' }>, code: string) => {
    if (refuseInvalidQuantity(current)) return;
    const found = await findCountSku(db, current.task, code);
    if (found.kind === 'unknown') {
      // Another location of the order: the worker must finish this one first.
      const other = await findCountLocation(db, current.task, code);
      if (other.kind === 'location' && other.location.id !== current.location.id)
        return tell('error', t('count.finishFirst', { location: current.location.code }));
      return tell('error', t('count.skuUnknown', { code }));
    }
    if (found.kind === 'not_in_count')
      return tell(
        'error',
        t('count.skuNotInCount', { sku: found.sku.sellerSku, countNo: current.task.countNo }),
      );
    const quantity = (current.counted[found.sku.id] ?? 0) + 1;
    setSkus((known) => new Map(known).set(found.sku.id, found.sku));
    tell('ok', t('count.counted', { sku: found.sku.sellerSku, quantity }));
    setStep({
      ...current,
      counted: { ...current.counted, [found.sku.id]: quantity },
      lastSkuId: found.sku.id,
    });
  };

  const markNoneHere = (current: Extract<Step, { name: 'items' }>, sku: CountExpectedSku) => {
    tell('ok', t('count.noneHereDone', { sku: sku.sellerSku }));
    setStep({ ...current, counted: { ...current.counted, [sku.skuId]: 0 } });
  };

  const finish = async (current: Extract<Step, { name: 'items' }>) => {
    if (refuseInvalidQuantity(current)) return;
    const open = notCountedYet(expectedOn(current.task, current.location.id), current.counted);
    let counted = current.counted;
    if (open.length > 0) {
      // Each expected SKU left is named; confirming counts each as none here (0), explicitly.
      const isNoneHere = await confirmDialog({
        content: t('count.confirmNotCounted', {
          location: current.location.code,
          count: open.length,
          skus: open.map((sku) => sku.sellerSku).join(', '),
        }),
        confirmText: t('count.noneHereFinish'),
        cancelText: t('count.countThem'),
      });
      if (!isNoneHere) return;
      counted = { ...counted, ...Object.fromEntries(open.map((sku) => [sku.skuId, 0])) };
    } else {
      const units = Object.values(counted).reduce((sum, quantity) => sum + quantity, 0);
      const isSure = await confirmDialog({
        content:
          units === 0 && Object.keys(counted).length === 0
            ? t('count.confirmEmpty', { location: current.location.code })
            : t('count.confirmFinish', { location: current.location.code, units }),
        confirmText: t('count.finish'),
        cancelText: t('undo.cancel'),
      });
      if (!isSure) return;
    }
    await finishLocation(db, {
      task: current.task,
      locationId: current.location.id,
      counted,
    });
    tell('ok', t('count.finished', { location: current.location.code }));
    const task =
      (await loadCountTasks(db, warehouseId)).find((item) => item.id === current.task.id) ?? current.task;
    setStep({ name: 'location', task });
  };

  const recount = async (current: Extract<Step, { name: 'items' }>) => {
    const isSure = await confirmDialog({
      content: t('count.confirmRecount', { location: current.location.code }),
      confirmText: t('count.recount'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return;
    tell('warn', t('count.recounting', { location: current.location.code }));
    setStep({ ...current, counted: {}, lastSkuId: null });
  };

  const expected = step.name === 'items' ? expectedOn(step.task, step.location.id) : [];
  const open = step.name === 'items' ? notCountedYet(expected, step.counted) : [];
  const isExpected = new Set(expected.map((sku) => sku.skuId));
  const foundElse =
    step.name === 'items' ? Object.keys(step.counted).filter((id) => !isExpected.has(id)) : [];

  return (
    <ScanFrame steps={scan} testId="count-screen" titleKey="count.title">
      {step.name === 'task' && (
        <List header={t('count.openTasks')}>
          {tasks.length === 0 && <List.Item>{t('count.noTasks')}</List.Item>}
          {tasks.map((task) => (
            <List.Item
              key={task.id}
              className="pda-big-item"
              clickable
              onClick={() => openTask(task)}
              extra={t('count.leftCount', { left: leftToCount(task) })}
            >
              {task.countNo}
            </List.Item>
          ))}
        </List>
      )}
      {step.name === 'location' && (
        <>
          <List header={t('count.locationsHeader', { countNo: step.task.countNo })}>
            {step.task.locations.map((location) => (
              <List.Item
                key={location.locationId}
                extra={
                  <span data-testid={`location-${location.code}`}>
                    {t(`count.status.${location.status}`)}
                  </span>
                }
              >
                {location.code}
              </List.Item>
            ))}
          </List>
          <Button block size="large" onClick={() => setStep({ name: 'task' })}>
            {t('count.otherTask')}
          </Button>
        </>
      )}
      {step.name === 'items' && (
        <>
          {expected.length > 0 && (
            <ExpectedSkus
              expected={expected}
              counted={step.counted}
              left={open.length}
              onNoneHere={(sku) => markNoneHere(step, sku)}
            />
          )}
          {(expected.length === 0 || foundElse.length > 0) && (
            <FoundElse
              hasExpected={expected.length > 0}
              locationCode={step.location.code}
              foundElse={foundElse}
              counted={step.counted}
              skus={skus}
            />
          )}
          <div className="pda-tasks">
            {step.lastSkuId !== null && (
              <QuantityStepper
                label={t('count.quantityOf', { sku: skus.get(step.lastSkuId)?.sellerSku ?? '' })}
                min={0}
                max={COUNT_MAX}
                digits={0}
                value={step.counted[step.lastSkuId] ?? 0}
                onChange={(value) =>
                  step.lastSkuId !== null &&
                  setStep({ ...step, counted: { ...step.counted, [step.lastSkuId]: value } })
                }
                onValidity={setQuantityValid}
              />
            )}
            <Button
              block
              color="primary"
              className="pda-task"
              disabled={isBlocked}
              onClick={() => void finish(step).catch(fail)}
            >
              {t('count.finish')}
            </Button>
            <Button block size="large" onClick={() => void recount(step).catch(fail)}>
              {t('count.recount')}
            </Button>
          </div>
        </>
      )}
    </ScanFrame>
  );
}
