/**
 * The case a drawing or vector data goes into (上传图件, 上传矢量数据): a search by number or project and
 * a choice among the cases the user may add to (`case/targets`: its agency's cases, all for the
 * archive's keepers). Fields of a `.el-add` row.
 */
import { useState } from 'react';
import { electronicsCalls } from '@shared/calls/electronics';
import { useCall } from '@console/kit/query';

export interface CaseTarget {
  caseId: number;
  caseNo: string;
  projectName: string;
}

export function CaseTargetFields({
  value,
  onChange,
}: {
  value: CaseTarget | null;
  onChange: (target: CaseTarget | null) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const targets = useCall(electronicsCalls.caseTargets, keyword ? { keyword } : {});
  const found = targets.data ?? [];
  return (
    <>
      <label>
        查找档案
        <input
          type="search"
          value={keyword}
          placeholder="档案编号或项目名称"
          onChange={(event) => setKeyword(event.target.value.trim())}
        />
      </label>
      <label>
        所属档案
        <select
          value={value?.caseId ?? ''}
          onChange={(event) =>
            onChange(found.find((target) => target.caseId === Number(event.target.value)) ?? null)
          }
        >
          <option value="">
            {targets.data && found.length === 0 ? '没有找到可上传的档案' : '请选择档案'}
          </option>
          {found.map((target) => (
            <option key={target.caseId} value={target.caseId}>
              {target.caseNo} {target.projectName}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
