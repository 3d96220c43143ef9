/**
 * The list-and-form of an administrator's records (run cards, escalation rules): the list read when the dialog
 * opens and again after each write, a form that creates or replaces, a remove, 422 `[{field, message}]` shown
 * under the fields and any other failure as a toast.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, isAbortError, messageOf } from '../api/client';
import { toast } from './toasts';

/** The server's text of a failed call (its `message`), else the error itself. */
export const failureText = (error: unknown): string =>
  (error instanceof ApiError && messageOf(error.body)) || String(error);

/** A 422's `[{field, message}]` by field; null for any other failure. */
export const fieldErrors = (error: unknown): Record<string, string> | null => {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.body)) return null;
  return Object.fromEntries((error.body as { field: string; message: string }[]).map((e) => [e.field, e.message]));
};

export interface RecordApi<List, Input> {
  list(signal?: AbortSignal): Promise<List>;
  create(body: Input): Promise<unknown>;
  replace(id: number, body: Input): Promise<unknown>;
  remove(id: number): Promise<unknown>;
}

interface Options<List, Form, Input> {
  open: boolean;
  api: RecordApi<List, Input>;
  /** a new record's form (may depend on what the list says, e.g. its defaults) */
  empty: (list: List | null) => Form;
  texts: { saved: string; removed: string };
}

export function useRecordEditor<List, Form extends { id: number | null }, Input>(opts: Options<List, Form, Input>) {
  const { open, api, empty, texts } = opts;
  const [list, setList] = useState<List | null>(null);
  const [failed, setFailed] = useState(false);
  const [form, setForm] = useState<Form>(() => empty(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList(await api.list(signal));
        setFailed(false);
      } catch (error) {
        if (isAbortError(error)) return;
        setFailed(true);
        toast.error(failureText(error));
      }
    },
    [api],
  );

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void load(controller.signal);
    setErrors({});
    return () => controller.abort();
  }, [open, load]);

  /** Edits a record (its form) or starts a new one. */
  const edit = (next: Form) => {
    setErrors({});
    setForm(next);
  };

  /** Creates or replaces `body` (the form's), unless `local` (the domain's check) already names a field. */
  const save = async (body: Input, local: Record<string, string> = {}) => {
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      if (form.id == null) await api.create(body);
      else await api.replace(form.id, body);
      toast.success(texts.saved);
      setErrors({});
      setForm(empty(list));
      await load();
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField) setErrors(byField);
      else toast.error(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    try {
      await api.remove(id);
      toast.success(texts.removed);
      if (form.id === id) setForm(empty(list));
      await load();
    } catch (error) {
      toast.error(failureText(error));
    }
  };

  return { list, failed, form, setForm, errors, busy, edit, save, remove };
}
