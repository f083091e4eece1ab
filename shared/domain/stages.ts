/**
 * The four approval stages of the combined survey process and their survey items (DOMAIN.md, "Stages
 * and items"). Ids are stable: the seed writes them into `stages` / `survey_items`, agencies' business
 * scopes and demands store item ids, and administrators may add more items later (new ids come from the
 * database identity, past these).
 */
export const stages = [
  {
    id: 1,
    name: '立项用地规划许可阶段',
    items: [
      { id: 101, name: '拨地测量' },
      { id: 102, name: '宗地测绘/地籍调查' },
    ],
  },
  {
    id: 2,
    name: '工程建设许可阶段',
    items: [
      { id: 201, name: '规划放线测量' },
      { id: 202, name: '房产预测绘' },
    ],
  },
  {
    id: 3,
    name: '施工许可阶段',
    items: [
      { id: 301, name: '规划验线测量' },
      { id: 302, name: '基础验线测量' },
    ],
  },
  {
    id: 4,
    name: '竣工验收阶段',
    items: [
      { id: 401, name: '规划条件核实测量' },
      { id: 402, name: '房产实测绘' },
      { id: 403, name: '地下管线竣工测量' },
      { id: 404, name: '人防测量' },
      { id: 405, name: '绿地测量' },
    ],
  },
] as const;

export type Stage = (typeof stages)[number];
export type StageId = Stage['id'];
export type SurveyItemId = Stage['items'][number]['id'];

export interface SurveyItem {
  id: SurveyItemId;
  name: string;
  stageId: StageId;
  /** Position inside its stage, from 1. */
  orderIndex: number;
}

/** Every survey item, flat, in stage order. */
export const surveyItems: readonly SurveyItem[] = stages.flatMap((stage) =>
  stage.items.map((item, index) => ({
    id: item.id,
    name: item.name,
    stageId: stage.id,
    orderIndex: index + 1,
  })),
);

export const stageIds: readonly StageId[] = stages.map((stage) => stage.id);
export const surveyItemIds: readonly SurveyItemId[] = surveyItems.map((item) => item.id);

/** The stage with this id, or undefined. */
export function findStage(id: number): Stage | undefined {
  return stages.find((stage) => stage.id === id);
}

/** The survey item with this id, or undefined. */
export function findSurveyItem(id: number): SurveyItem | undefined {
  return surveyItems.find((item) => item.id === id);
}

/** The name of a stage, or '未知阶段'. */
export function stageName(id: number): string {
  return findStage(id)?.name ?? '未知阶段';
}

/** The name of a survey item, or '未知测绘事项'. */
export function surveyItemName(id: number): string {
  return findSurveyItem(id)?.name ?? '未知测绘事项';
}
