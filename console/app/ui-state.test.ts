import { describe, expect, it, vi } from 'vitest';
import {
  UI_STATE_KEY,
  clearUiState,
  persistUiStateOnUnload,
  readUiState,
  restoreUiState,
  saveUiState,
  writeUiState,
} from './ui-state';

function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('console UI state', () => {
  it('restores what the last page saved and saves what this page wrote', () => {
    const store = memoryStore({ [UI_STATE_KEY]: JSON.stringify({ 'menu.opened': { '10': true } }) });
    restoreUiState(store);
    expect(readUiState('menu.opened', {})).toEqual({ '10': true });
    expect(readUiState('contract.filters', { status: '' })).toEqual({ status: '' });

    writeUiState('contract.filters', { status: '1' });
    saveUiState(store);
    expect(JSON.parse(store.items.get(UI_STATE_KEY)!)).toEqual({
      'menu.opened': { '10': true },
      'contract.filters': { status: '1' },
    });
  });

  it('starts empty from a broken or foreign value and forgets everything on clear', () => {
    restoreUiState(memoryStore({ [UI_STATE_KEY]: '[1,2' }));
    expect(readUiState('menu.opened', 'none')).toBe('none');
    restoreUiState(memoryStore({ [UI_STATE_KEY]: '[1,2]' }));
    expect(readUiState('0', 'none')).toBe('none');

    const store = memoryStore();
    writeUiState('menu.opened', { '1': false });
    clearUiState(store);
    expect(readUiState('menu.opened', 'none')).toBe('none');
    expect(store.items.has(UI_STATE_KEY)).toBe(false);
  });

  it('saves on pagehide', () => {
    const listeners: Record<string, () => void> = {};
    const target = { addEventListener: vi.fn((type: string, fn: () => void) => (listeners[type] = fn)) };
    const setItem = vi.fn();
    vi.stubGlobal('window', { sessionStorage: { getItem: () => null, setItem, removeItem: vi.fn() } });
    try {
      persistUiStateOnUnload(target as unknown as Window);
      writeUiState('menu.opened', { '7': true });
      expect(setItem).not.toHaveBeenCalled();
      listeners.pagehide?.();
      expect(setItem).toHaveBeenCalledWith(UI_STATE_KEY, JSON.stringify({ 'menu.opened': { '7': true } }));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
