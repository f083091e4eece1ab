import { describe, expect, it } from 'vitest';
import { wireOf } from './define';
import { hallCalls } from './hall';
import { leanHallCalls } from './hall-lean';

describe('the lean hall calls', () => {
  it('travel exactly as their contracts say', () => {
    for (const [name, lean] of Object.entries(leanHallCalls))
      expect(lean, name).toEqual(wireOf(hallCalls[name as keyof typeof leanHallCalls]));
  });
});
