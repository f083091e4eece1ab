/**
 * The console's UI state worth keeping across a reload (spec section 2: "session state is saved on page
 * unload and restored on load"): open menu groups, a list's last filters. It lives in memory while the
 * page runs, goes to sessionStorage (this tab only) on pagehide and comes back on the next load.
 * Nothing here is a secret or per-user data from the server; logout clears it.
 */
import { useCallback, useState } from 'react';

export const UI_STATE_KEY = 'survey-hall.console.ui-state';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let state: Record<string, unknown> = {};
let isRestored = false;

function storage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy settings): the state then lasts only as long as the page.
    return undefined;
  }
}

/** Loads the saved state once (the first read restores it). */
export function restoreUiState(store: Store | undefined = storage()): void {
  isRestored = true;
  try {
    const saved: unknown = JSON.parse(store?.getItem(UI_STATE_KEY) ?? '{}');
    state =
      saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Record<string, unknown>) : {};
  } catch {
    state = {};
  }
}

export function readUiState<T>(key: string, fallback: T): T {
  if (!isRestored) restoreUiState();
  return Object.hasOwn(state, key) ? (state[key] as T) : fallback;
}

export function writeUiState(key: string, value: unknown): void {
  if (!isRestored) restoreUiState();
  state = { ...state, [key]: value };
}

export function saveUiState(store: Store | undefined = storage()): void {
  try {
    store?.setItem(UI_STATE_KEY, JSON.stringify(state));
  } catch {
    // Full or disabled storage: losing UI state is harmless.
  }
}

export function clearUiState(store: Store | undefined = storage()): void {
  state = {};
  store?.removeItem(UI_STATE_KEY);
}

/** Saves the state when the page goes away (pagehide also fires where beforeunload does not, e.g. iOS). */
export function persistUiStateOnUnload(target: Pick<Window, 'addEventListener'> = window): void {
  if (!isRestored) restoreUiState();
  target.addEventListener('pagehide', () => saveUiState());
}

/** useState whose value is kept in the console's UI state under `key`. */
export function useUiState<T>(key: string, initial: T): [T, (next: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => readUiState(key, initial));
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      setValue((current) => {
        const resolved = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
        writeUiState(key, resolved);
        return resolved;
      });
    },
    [key],
  );
  return [value, set];
}
