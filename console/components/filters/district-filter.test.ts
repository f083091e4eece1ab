import { describe, expect, it } from 'vitest';
import { wireOf } from '@shared/calls/define';
import { hallCalls } from '@shared/calls/hall';
import { districtsCall } from './district-filter';

describe('the district filter', () => {
  it('reads the districts exactly as their contract says', () => {
    expect(districtsCall).toEqual(wireOf(hallCalls.districts));
  });
});
