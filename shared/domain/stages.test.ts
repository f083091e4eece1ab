import { describe, expect, it } from 'vitest';
import { findSurveyItem, stageName, stages, surveyItemIds, surveyItemName, surveyItems } from './stages';

describe('stages', () => {
  it('has the four stages and eleven items of DOMAIN.md with stable ids', () => {
    expect(stages.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(stageName(4)).toBe('竣工验收阶段');
    expect(surveyItems).toHaveLength(11);
    expect(new Set(surveyItemIds).size).toBe(11);
    expect(surveyItemName(102)).toBe('宗地测绘/地籍调查');
    expect(findSurveyItem(405)).toEqual({ id: 405, name: '绿地测量', stageId: 4, orderIndex: 5 });
    expect(surveyItemName(999)).toBe('未知测绘事项');
    for (const item of surveyItems) expect(Math.floor(item.id / 100)).toBe(item.stageId);
  });
});
