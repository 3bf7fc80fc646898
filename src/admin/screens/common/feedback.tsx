/**
 * How a screen reports the outcome of a change: the server's own (translated) message on
 * success; a refusal (a 4xx with a code) beside what caused it, in the server's words; anything
 * else (no session, server down, time-out) through the error catalogue (src/api/error-catalogue.ts).
 */
import { Alert, App, type FormInstance } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, clientHooks, type Envelope } from '@api/client.js';

/** The server's words when it refused the request; null when the catalogue should react. */
export function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status < 400 || error.status >= 500 || error.status === 401) return null;
  if (error.code.startsWith('http.') || !error.message) return null;
  return error.message;
}

function toCatalogue(error: unknown) {
  clientHooks.onError(
    error instanceof ApiError ? error : new ApiError(500, 'common.internal', String(error)),
  );
}

type FieldName = (string | number)[];

/** rc-field-form's own hooks, as antd's Form.useWatch reaches them: a watch told of every change of the values. */
const INTERNAL_HOOKS = 'RC_FORM_INTERNAL_HOOKS';
interface Watchable {
  getInternalHooks?: (mark: string) => { registerWatch?: (watch: () => void) => () => void } | null;
}

/**
 * Takes the server's error off each named field as soon as its value changes: the refusal was
 * about the value sent, so a fixed field must not keep saying it is wrong until the next send.
 */
function clearWhenChanged(form: FormInstance, names: FieldName[], onAllChanged?: () => void) {
  const hooks = (form as unknown as Watchable).getInternalHooks?.(INTERNAL_HOOKS);
  if (!hooks?.registerWatch || names.length === 0) return;
  const sent = new Map(
    names.map((name) => {
      const value: unknown = form.getFieldValue(name);
      return [JSON.stringify(name), { name, value }];
    }),
  );
  const stop = hooks.registerWatch(() => {
    for (const [key, { name, value }] of sent) {
      if (Object.is(form.getFieldValue(name), value)) continue;
      sent.delete(key);
      form.setFields([{ name, errors: [] }]);
    }
    if (sent.size > 0) return;
    stop();
    onAllChanged?.();
  });
}

/**
 * Marks the form's fields the server named (each until its value changes); answers the text to
 * show above the form, if any. `onFixed` is called once every named field has changed.
 */
export function formFailure(error: unknown, form?: FormInstance, onFixed?: () => void): string | null {
  const text = refusalText(error);
  if (text === null) {
    toCatalogue(error);
    return null;
  }
  if (form && error instanceof ApiError && error.fields.length > 0) {
    // 'boxes.0.lines.1.shipQuantity' is the form's name path ['boxes', 0, 'lines', 1, 'shipQuantity'].
    const fields = error.fields
      .map((field) => ({
        name: field.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        errors: [field.message],
      }))
      .filter((field) => form.getFieldValue(field.name) !== undefined);
    form.setFields(fields);
    clearWhenChanged(
      form,
      fields.map((field) => field.name),
      onFixed,
    );
  }
  return text;
}

export function useFeedback() {
  const { message } = App.useApp();
  const { t } = useTranslation('system');
  return useMemo(
    () => ({
      done: (envelope: Pick<Envelope<unknown>, 'message'>) =>
        void message.success(envelope.message || t('common.done')),
      failed: (error: unknown) => {
        const text = refusalText(error);
        if (text === null) toCatalogue(error);
        else void message.error(text);
      },
    }),
    [message, t],
  );
}

/** What a delete confirmation says, and the delete to run once the user agrees. */
export interface DeleteQuestion {
  title: string;
  content: string;
  remove: () => Promise<Pick<Envelope<unknown>, 'message'>>;
}

/** Asks before deleting (a red Delete beside Cancel), then reports the server's answer. */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const { t } = useTranslation('system');
  return useCallback(
    ({ title, content, remove }: DeleteQuestion) => {
      modal.confirm({
        title,
        content,
        okText: t('common.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            feedback.done(await remove());
          } catch (error) {
            feedback.failed(error);
          }
        },
      });
    },
    [modal, feedback, t],
  );
}

/**
 * Validates, sends, reports; the refusal stays above the form until the next attempt, or until
 * every field it named has changed.
 */
export function useFormSubmit<V, T>(
  form: FormInstance<V>,
  save: (values: V) => Promise<Envelope<T>>,
  onSaved: (envelope: Envelope<T>) => void,
) {
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const submit = async () => {
    setFailure(null);
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setIsSaving(true);
    try {
      const envelope = await save(values);
      feedback.done(envelope);
      onSaved(envelope);
    } catch (error) {
      const text = formFailure(error, form, () => setFailure((shown) => (shown === text ? null : shown)));
      setFailure(text);
    } finally {
      setIsSaving(false);
    }
  };
  return { submit, failure, isSaving, clearFailure: () => setFailure(null) };
}

export function FormFailure({ text }: { text: string | null }) {
  if (!text) return null;
  return <Alert type="error" showIcon message={text} role="alert" style={{ marginBottom: 16 }} />;
}
