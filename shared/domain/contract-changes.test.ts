import { describe, expect, it } from 'vitest';
import { changedContractFields, type ContractChangeFields } from './contract-changes';

const base: ContractChangeFields = {
  amount: '1000.00',
  startOn: null,
  endOn: '2026-06-30',
  paymentTerms: null,
  fileId: null,
};

describe('changedContractFields', () => {
  it('compares amounts exactly, in cents, not as text', () => {
    expect(changedContractFields(base, { ...base, amount: '1000' })).toEqual([]);
    expect(changedContractFields(base, { ...base, amount: '1000.01' })).toEqual(['amount']);
  });

  it('treats an empty value like a missing one and lists every changed field in order', () => {
    expect(changedContractFields(base, { ...base, paymentTerms: '' })).toEqual([]);
    expect(
      changedContractFields(base, {
        ...base,
        fileId: '00000000-0000-4000-8000-000000000001',
        startOn: '2026-01-01',
      }),
    ).toEqual(['startOn', 'fileId']);
  });
});
