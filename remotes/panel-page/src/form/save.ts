import type { FormInstance } from 'antd';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { appStore, showMessageAtom } from '@proxy/contract/state';

export type NamePath = (string | number)[];

/** A DRF error path as the API client flattens it (`data_ru.items.1.title`) as an antd name path. */
export function namePathOf(path: string): NamePath {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export interface SaveMessages {
  readonly saved: string;
  readonly networkError: string;
  readonly unknownError: string;
}

export interface SaveOptions {
  /** Where an error path lands in this form, when not on the field of the same name (a list edited as lines). */
  readonly fieldOf?: (path: NamePath) => NamePath;
  /** Told which fields got errors, e.g. to open the language tab that holds the first one. */
  readonly onFieldErrors?: (names: NamePath[]) => void;
}

/**
 * One save of a panel form (spec §5, §8): on success a success toast; a 400–403 answer puts each field's messages
 * on that field (nested ones too: `data_ru.items.1.title`) and shows them all joined by ', ' in an error toast;
 * anything else says what happened. Answers the saved value, or undefined when it failed.
 */
export async function save<T>(
  form: FormInstance | null,
  messages: SaveMessages,
  send: () => Promise<T>,
  options: SaveOptions = {},
): Promise<T | undefined> {
  try {
    const result = await send();
    appStore.set(showMessageAtom, messages.saved, 'success');
    return result;
  } catch (error) {
    showError(error, messages, form, options);
    return undefined;
  }
}

/** The error toast (and field errors) of a failed panel call. */
export function showError(
  error: unknown,
  messages: Omit<SaveMessages, 'saved'>,
  form: FormInstance | null = null,
  options: SaveOptions = {},
): void {
  if (error instanceof ApiError && error.messages.length > 0 && error.status < 500) {
    appStore.set(showMessageAtom, error.messages.join(', '), 'error');
    if (form) {
      const fieldOf = options.fieldOf ?? ((path: NamePath) => path);
      const byField = new Map<string, { name: NamePath; errors: string[] }>();
      for (const [path, list] of Object.entries(error.fieldErrors)) {
        if (path === 'detail' || path === 'non_field_errors') continue;
        const name = fieldOf(namePathOf(path));
        const key = JSON.stringify(name);
        const entry = byField.get(key) ?? { name, errors: [] };
        entry.errors.push(...list);
        byField.set(key, entry);
      }
      const fields = [...byField.values()];
      form.setFields(fields);
      if (fields.length > 0) options.onFieldErrors?.(fields.map((field) => field.name));
    }
    return;
  }
  const text = error instanceof NetworkError ? messages.networkError : messages.unknownError;
  appStore.set(showMessageAtom, text, 'error');
}
