/**
 * One hook drives a scanning screen's steps, so the screen says only its steps, their prompts
 * and what a scan does at each:
 *
 *   const scan = useScanSteps<Step>({
 *     initial: { name: 'order' },
 *     prompts: { order: 'shelve.scanOrder', sku: (step) => t('shelve.scanSku') },
 *     onScan: { order: (step, code) => …, sku: (step, code, scan) => … },
 *     failure: 'shelve.failed',
 *     logName: 'shelve',
 *     saved: { screen: 'shelve', warehouseId, save: (step) => ids, restore: async (work, setStep) => … },
 *   });
 *
 * It answers the step (and `setStep`), the scan feedback (flash, tell, clear, isBlocked), `fail`
 * (logs 'PDA <logName> step failed' and tells the `failure` key), the step's prompt, and the
 * scan line's props: a scan becomes its lookup code (a GS1 label is looked up by the item it
 * names), goes to the handler of the step it meets (a step without one takes no scan), and a
 * handler that throws or rejects ends in `fail`. Scans wait while an error waits for OK, while
 * the saved work (saved-work.ts) is being restored, and while `holds` says so. `frame` lays out
 * the header, the prompt, the feedback banner and the scan line (ScanFrame), memoised so that
 * only what changed renders again.
 *
 * The step is also kept in a ref (`currentStep()`), which is what the next scan meets when
 * `meets: 'latest'`: scans come faster than React renders, and a step set by `meetStep` is met
 * at once, rendered when the screen next calls `setStep` with it.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupCode, type ClassifiedScan } from '@shared/domain/scan.js';
import { usePdaServices } from '../shell/sync-context.js';
import type { JsonObject } from '../data/db.js';
import type { UndoableScan } from '../undo/undo-data.js';
import { PdaHeader } from './header.js';
import { useSavedWork, type Work, type WorkScreen } from './saved-work.js';
import { FeedbackBanner, flashClass, useScanFeedback } from './scan-feedback.js';
import { ScanInput, type ScanInputProps } from './scan-input.js';

export interface NamedStep {
  name: string;
}
type Of<S extends NamedStep, N extends S['name']> = Extract<S, { name: N }>;

/** What a scan does at one step: it receives that step's variant. */
export type StepScan<S extends NamedStep> = (
  step: S,
  code: string,
  scan: ClassifiedScan,
) => void | Promise<unknown>;

export interface ScanStepsOptions<S extends NamedStep> {
  initial: S;
  /** The prompt of each step: a locale key, or the step's text (a prompt with parameters). */
  prompts?: { [N in S['name']]?: string | ((step: Of<S, N>) => string) };
  onScan: { [N in S['name']]?: StepScan<Of<S, N>> };
  /** The locale key told when a step fails. */
  failure: string;
  /** Named in the console: 'PDA <logName> step failed'. */
  logName: string;
  /** The code a scan is looked up by (a screen may fall back to the raw text). */
  codeOf?: (scan: ClassifiedScan) => string;
  /** Which step a scan meets: the one rendered (default), or the latest set. */
  meets?: 'rendered' | 'latest';
  /** True while the screen takes no scans for a reason of its own (they wait in line). */
  holds?: boolean | ((step: S) => boolean);
  /** The work kept across a reload (saved-work.ts); without it nothing is kept. */
  saved?: {
    screen: WorkScreen;
    warehouseId: string;
    /** The step as ids, null at the first step. */
    save: (step: S) => JsonObject | null;
    undo?: UndoableScan[];
    /** Back to the step the worker left, as the device's data holds it now. */
    restore: (saved: Work, setStep: (next: S) => void) => Promise<void>;
  };
}

const NO_UNDO: UndoableScan[] = [];

export function useScanSteps<S extends NamedStep>(options: ScanStepsOptions<S>) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [step, setStepState] = useState<S>(options.initial);
  const latest = useRef<S>(step);
  const setStep = useCallback((next: S) => {
    latest.current = next;
    setStepState(next);
  }, []);
  /** The next scan meets `next` at once; it renders when `setStep` is called with it. */
  const meetStep = useCallback((next: S) => {
    latest.current = next;
  }, []);
  const currentStep = useCallback(() => latest.current, []);
  const feedback = useScanFeedback();
  const { tell, clear, flash, isBlocked } = feedback;

  const { failure, logName } = options;
  const fail = useCallback(
    (error: unknown) => {
      console.error(`PDA ${logName} step failed`, error);
      tell('error', t(failure));
    },
    [logName, failure, tell, t],
  );

  const saved = options.saved;
  const work: Work = { step: saved ? saved.save(step) : null, undo: saved?.undo ?? NO_UNDO };
  const restore = async (kept: Work) => saved?.restore(kept, setStep);
  const isRestored = useSavedWork(db, saved?.screen ?? null, saved?.warehouseId ?? '', work, restore);

  // The scan line gets a handler that never changes, calling this render's.
  const handlers = useRef({ options, step, fail });
  handlers.current = { options, step, fail };
  const onScan = useCallback((scan: ClassifiedScan) => {
    const { options: current, step: rendered, fail: failed } = handlers.current;
    const code = (current.codeOf ?? lookupCode)(scan);
    if (!code) return undefined;
    const at = current.meets === 'latest' ? latest.current : rendered;
    const handler = current.onScan[at.name as S['name']] as StepScan<S> | undefined;
    if (!handler) return undefined;
    try {
      return Promise.resolve(handler(at, code, scan)).catch(failed);
    } catch (error) {
      failed(error);
      return undefined;
    }
  }, []);

  const holds = typeof options.holds === 'function' ? options.holds(step) : options.holds === true;
  const enabled = !isBlocked && isRestored && !holds;
  const scanInputProps: ScanInputProps = useMemo(() => ({ onScan, enabled }), [onScan, enabled]);
  const chosen = options.prompts?.[step.name as S['name']] as string | ((at: S) => string) | undefined;
  const prompt = chosen === undefined ? '' : typeof chosen === 'string' ? t(chosen) : chosen(step);

  const banner = useMemo(() => <FeedbackBanner flash={flash} onOk={clear} />, [flash, clear]);
  const scanInput = useMemo(() => <ScanInput {...scanInputProps} />, [scanInputProps]);

  return {
    step,
    setStep,
    meetStep,
    currentStep,
    feedback,
    tell,
    fail,
    prompt,
    isRestored,
    scanInputProps,
    banner,
    scanInput,
  };
}

export type ScanSteps<S extends NamedStep> = ReturnType<typeof useScanSteps<S>>;

/**
 * A scanning screen's frame: its header, then (unless `showScan` is false, as while a form
 * takes the screen) the prompt, the last scan's feedback and the scan line, then the step's own
 * parts. The screen is tinted with the last scan's outcome.
 */
export function ScanFrame({
  steps,
  testId,
  titleKey,
  showScan = true,
  children,
}: {
  steps: Pick<ScanSteps<NamedStep>, 'feedback' | 'prompt' | 'banner' | 'scanInput'>;
  testId: string;
  /** The locale key of the screen's title. */
  titleKey: string;
  showScan?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const header = useMemo(() => <PdaHeader title={t(titleKey)} />, [t, titleKey]);
  return (
    <div className={flashClass(steps.feedback.flash)} data-testid={testId}>
      {header}
      {showScan && (
        <>
          <div className="pda-prompt" data-testid="prompt">
            {steps.prompt}
          </div>
          {steps.banner}
          {steps.scanInput}
        </>
      )}
      {children}
    </div>
  );
}
