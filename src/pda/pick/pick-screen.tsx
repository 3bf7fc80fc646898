/**
 * Picking a wave by scan: the worker takes a wave
 * (from the open ones on the device, or its number scanned), then walks its route: the next
 * location shows large, in walking order (location code); they scan it, then each unit (one a
 * scan, or a quantity set first). A wrong location, an item not in the wave or not picked here,
 * more than is needed, and any scan while the quantity field refuses what was typed are refused
 * on the spot with the scan feedback, before anything is
 * queued. Units that cannot be found are reported short with a reason, and their orders become
 * problem orders on the server. Every action is an op queued with its local effect
 * (pick-data.ts); where the worker is survives a reload (saved-work.ts); everything works
 * offline with the waves last fetched. A unit scanned is decided from the wave the screen holds
 * and shown counted with its feedback; its ops are stored right after (natively, as a receiving
 * scan's), and a take the device could not store is taken back from the screen.
 */
import { Button, List } from 'antd-mobile';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdaWave, PdaWavesReply } from '@shared/contract/picking.js';
import { SHORT_PICK_REASONS, type ShortPickReason } from '@shared/domain/picking.js';
import { QuantityStepper } from '../kit/quantity-stepper.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import type { JsonObject, PdaDatabase } from '../data/db.js';
import {
  claimWave,
  fetchPickWaves,
  findPickLocation,
  findPickSku,
  loadPickWaves,
  neededOf,
  onShelf,
  reportShort,
  route,
  savePickWaves,
  takeOps,
  takeUnits,
  unitsLeft,
  unreachable,
  withOps,
} from './pick-data.js';

type Step =
  | { name: 'wave' }
  | { name: 'location'; waveId: string }
  | { name: 'sku'; waveId: string; locationId: string; code: string }
  | { name: 'short'; waveId: string; skuId: string; locationId: string | null; code: string | null };

/** The most units one scan may pick. */
const PICK_MAX = 9_999;

export function PickScreen({
  warehouseId,
  fetchWaves = fetchPickWaves,
}: {
  warehouseId: string;
  /** Where the open waves come from when online (a test gives its own). */
  fetchWaves?: (db: PdaDatabase, warehouseId: string) => Promise<PdaWavesReply>;
}) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [waves, setWaves] = useState<PdaWave[]>([]);
  const [quantity, setQuantity] = useState(1);
  // While the quantity field refuses what was typed, a scan picks nothing.
  const [isQuantityValid, setQuantityValid] = useState(true);
  /** Takes shown so far: a take's read of the stored waves replaces only its own. */
  const takes = useRef(0);

  const reload = useCallback(async () => {
    const local = await loadPickWaves(db, warehouseId);
    setWaves(local);
    return local;
  }, [db, warehouseId]);

  /** Once the wave's every unit is picked, every step of it says so. */
  const pickedOr = (at: { waveId: string }, key: string) => {
    const held = waves.find((item) => item.id === at.waveId);
    return held && unitsLeft(held) === 0 ? t('pick.wavePicked', { waveNo: held.waveNo }) : t(key);
  };
  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: { name: 'wave' },
    prompts: {
      wave: 'pick.scanWave',
      location: (at) => pickedOr(at, 'pick.scanLocation'),
      sku: (at) => pickedOr(at, 'pick.scanSku'),
      short: (at) => pickedOr(at, 'pick.shortPrompt'),
    },
    onScan: {
      wave: (_, code) => handleWaveScan(code),
      location: (_, code) => (wave ? handleLocationScan(wave, code) : undefined),
      sku: (at, code) => (wave ? handleSkuScan(wave, at, code) : undefined),
    },
    // While a short pick's reason is asked, scans wait.
    holds: (at) => at.name === 'short',
    failure: 'pick.failed',
    logName: 'pick',
    saved: {
      screen: 'pick',
      warehouseId,
      save: (at): JsonObject | null =>
        at.name === 'wave'
          ? null
          : at.name === 'sku'
            ? { name: 'sku', waveId: at.waveId, locationId: at.locationId, code: at.code }
            : { name: 'location', waveId: at.waveId },
      restore: async (saved, restoreStep) => {
        const { name, waveId, locationId, code } = saved.step ?? {};
        const local = await reload();
        if (typeof waveId !== 'string' || !local.some((item) => item.id === waveId)) return;
        if (name === 'sku' && typeof locationId === 'string' && typeof code === 'string')
          return restoreStep({ name: 'sku', waveId, locationId, code });
        return restoreStep({ name: 'location', waveId });
      },
    },
  });
  const { step, setStep, tell, fail } = scan;

  // The device's waves at once, then the server's when it answers (offline, the device's stay).
  useEffect(() => {
    if (step.name !== 'wave') return undefined;
    let isCurrent = true;
    const show = async () => {
      const local = await loadPickWaves(db, warehouseId);
      if (isCurrent) setWaves(local);
      try {
        await savePickWaves(db, warehouseId, await fetchWaves(db, warehouseId));
        const fresh = await loadPickWaves(db, warehouseId);
        if (isCurrent) setWaves(fresh);
      } catch {
        // Offline: pick with the waves last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA pick waves failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, step.name, fetchWaves]);

  const wave = step.name === 'wave' ? null : (waves.find((item) => item.id === step.waveId) ?? null);
  const stops = wave ? route(wave) : [];
  const next = stops[0] ?? null;
  const skuOf = (skuId: string) => wave?.skus.find((sku) => sku.id === skuId);
  const skuLabel = (skuId: string) => skuOf(skuId)?.sellerSku ?? skuId.slice(0, 8);

  const openWave = async (chosen: PdaWave) => {
    await claimWave(db, chosen.id);
    tell('ok', t('pick.waveOpened', { waveNo: chosen.waveNo }));
    setStep({ name: 'location', waveId: chosen.id });
  };

  const handleWaveScan = async (code: string) => {
    const chosen = waves.find((item) => item.waveNo.toUpperCase() === code.trim().toUpperCase());
    if (!chosen) return tell('error', t('pick.waveUnknown', { code }));
    return openWave(chosen);
  };

  const handleLocationScan = (current: PdaWave, code: string) => {
    const expected = next?.code ?? '';
    const found = findPickLocation(current, code);
    if (found.kind === 'unknown')
      return tell(
        'error',
        expected ? t('pick.wrongLocation', { code, expected }) : t('pick.locationUnknown', { code }),
      );
    if (found.kind === 'nothing_here')
      return tell('error', t('pick.nothingHere', { code: found.code, expected }));
    // Walking order: the shelf shown next, not one further along the route.
    if (next && found.locationId !== next.locationId)
      return tell('error', t('pick.wrongLocation', { code: found.code, expected }));
    tell('ok', t('pick.locationOpened', { code: found.code }));
    setQuantity(1);
    return setStep({ name: 'sku', waveId: current.id, locationId: found.locationId, code: found.code });
  };

  const handleSkuScan = async (current: PdaWave, at: Extract<Step, { name: 'sku' }>, code: string) => {
    const sku = findPickSku(current, code);
    if (!sku) {
      const other = findPickLocation(current, code);
      if (other.kind !== 'unknown') return tell('error', t('pick.finishFirst', { code: at.code }));
      return tell('error', t('pick.skuUnknown', { code }));
    }
    const here = stops.filter((stop) => stop.locationId === at.locationId && stop.skuId === sku.id);
    const need = neededOf(current, sku.id);
    if (here.length === 0 || need === 0)
      return tell('error', t('pick.skuNotHere', { sku: sku.sellerSku, code: at.code }));
    if (!isQuantityValid) return tell('error', t('pick.quantityInvalid', { min: 1, max: PICK_MAX }));
    const left = Math.min(need, onShelf(current, at.locationId, sku.id));
    if (quantity > left) return tell('error', t('pick.tooMany', { sku: sku.sellerSku, left, quantity }));
    // Decided from the wave the screen holds: the feedback and the wave with the take counted
    // are committed together, then the ops are stored (as the receiving screen does).
    const take = { locationId: at.locationId, skuId: sku.id, quantity };
    const ops = takeOps(current, take);
    const picked = withOps(current, ops);
    const orders = current.orders
      .filter((order) => ops.some((op) => op.payload.orderId === order.id))
      .map((order) => order.orderNo)
      .join(', ');
    tell('ok', t('pick.picked', { sku: sku.sellerSku, quantity, orders }));
    setQuantity(1);
    setWaves((held) => held.map((item) => (item.id === current.id ? picked : item)));
    if (!route(picked).some((stop) => stop.locationId === at.locationId))
      setStep({ name: 'location', waveId: current.id });
    const generation = (takes.current += 1);
    try {
      await takeUnits(db, current, take);
    } catch (error) {
      // Not stored: the wave goes back to what the device holds.
      await reload();
      throw error;
    }
    // The device's waves as stored now (an op the server refused meanwhile counts no more),
    // unless a later take is already on the screen: its own read follows its write.
    const stored = await loadPickWaves(db, warehouseId);
    if (generation === takes.current) startTransition(() => setWaves(stored));
  };

  const short = async (at: Extract<Step, { name: 'short' }>, reason: ShortPickReason) => {
    if (!wave) return;
    const units = neededOf(wave, at.skuId);
    await reportShort(db, wave, { skuId: at.skuId, locationId: at.locationId, reason });
    await reload();
    tell('warn', t('pick.shortDone', { sku: skuLabel(at.skuId), quantity: units }));
    setStep({ name: 'location', waveId: at.waveId });
  };

  const isDone = wave !== null && unitsLeft(wave) === 0;
  const hereStops = step.name === 'sku' ? stops.filter((stop) => stop.locationId === step.locationId) : [];
  const stranded = wave ? unreachable(wave) : [];

  return (
    <ScanFrame steps={scan} testId="pick-screen" titleKey="pick.title">
      {step.name === 'wave' && (
        <List header={t('pick.openWaves')}>
          {waves.length === 0 && <List.Item>{t('pick.noWaves')}</List.Item>}
          {waves.map((item) => (
            <List.Item
              key={item.id}
              className="pda-big-item"
              clickable
              onClick={() => void openWave(item).catch(fail)}
              description={item.pickerName ? t('pick.pickerIs', { name: item.pickerName }) : undefined}
              extra={t('pick.leftCount', { left: unitsLeft(item) })}
            >
              {item.waveNo}
            </List.Item>
          ))}
        </List>
      )}
      {wave && step.name === 'location' && (
        <>
          {next && (
            <div className="pda-next-location" data-testid="next-location">
              <div className="pda-next-code">{next.code}</div>
              <div>{t('pick.take', { quantity: next.quantity, sku: skuLabel(next.skuId) })}</div>
              <div className="pda-hint">{skuOf(next.skuId)?.name}</div>
            </div>
          )}
          {stranded.map((skuId) => (
            <div key={skuId} className="pda-hint" data-testid={`stranded-${skuLabel(skuId)}`}>
              {t('pick.unreachable', { sku: skuLabel(skuId), quantity: neededOf(wave, skuId) })}
              <Button
                size="small"
                color="warning"
                onClick={() =>
                  setStep({ name: 'short', waveId: wave.id, skuId, locationId: null, code: null })
                }
              >
                {t('pick.reportShort')}
              </Button>
            </div>
          ))}
          <List header={t('pick.routeHeader', { waveNo: wave.waveNo, left: unitsLeft(wave) })}>
            {stops.slice(0, 8).map((stop) => (
              <List.Item key={`${stop.locationId}-${stop.skuId}`} extra={`× ${stop.quantity}`}>
                {stop.code} · {skuLabel(stop.skuId)}
              </List.Item>
            ))}
          </List>
          <Button block size="large" onClick={() => setStep({ name: 'wave' })}>
            {t('pick.otherWave')}
          </Button>
        </>
      )}
      {wave && step.name === 'sku' && (
        <>
          <div className="pda-next-location" data-testid="at-location">
            <div className="pda-next-code">{step.code}</div>
          </div>
          <List header={t('pick.hereHeader', { code: step.code })}>
            {hereStops.map((stop) => (
              <List.Item
                key={stop.skuId}
                extra={
                  <span className="pda-count" data-testid={`left-${skuLabel(stop.skuId)}`}>
                    {stop.quantity}
                  </span>
                }
              >
                {skuLabel(stop.skuId)} {skuOf(stop.skuId)?.name}
              </List.Item>
            ))}
          </List>
          <div className="pda-tasks">
            <QuantityStepper
              label={t('pick.quantityPerScan')}
              min={1}
              max={PICK_MAX}
              digits={0}
              value={quantity}
              onChange={setQuantity}
              onValidity={setQuantityValid}
            />
            {hereStops[0] && (
              <Button
                block
                color="warning"
                size="large"
                onClick={() =>
                  setStep({
                    name: 'short',
                    waveId: wave.id,
                    skuId: hereStops[0]?.skuId ?? '',
                    locationId: step.locationId,
                    code: step.code,
                  })
                }
              >
                {t('pick.reportShort')}
              </Button>
            )}
            <Button block size="large" onClick={() => setStep({ name: 'location', waveId: wave.id })}>
              {t('pick.leaveLocation')}
            </Button>
          </div>
        </>
      )}
      {wave && step.name === 'short' && (
        <div className="pda-tasks">
          <p data-testid="short-question">
            {t('pick.shortTitle', { quantity: neededOf(wave, step.skuId), sku: skuLabel(step.skuId) })}
          </p>
          {SHORT_PICK_REASONS.map((reason) => (
            <Button
              key={reason}
              block
              color="warning"
              className="pda-task"
              onClick={() => void short(step, reason).catch(fail)}
            >
              {t(`pick.reason.${reason}`)}
            </Button>
          ))}
          <Button
            block
            size="large"
            onClick={() =>
              setStep(
                step.locationId && step.code
                  ? { name: 'sku', waveId: step.waveId, locationId: step.locationId, code: step.code }
                  : { name: 'location', waveId: step.waveId },
              )
            }
          >
            {t('pick.cancel')}
          </Button>
        </div>
      )}
      {wave && isDone && step.name === 'location' && (
        <Button block color="primary" className="pda-task" onClick={() => setStep({ name: 'wave' })}>
          {t('pick.backToWaves')}
        </Button>
      )}
    </ScanFrame>
  );
}
