/**
 * /notdchy/DemandRelease (需求发布, owner): the unit's demands ready to release (drafts with items) and
 * those released, with the release action (the shared release dialog with the selection method) and,
 * for a released one, the way on to 中介选取 and the demand's details.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { projectCalls, type DemandRow } from '@shared/calls/projects';
import { projectStatus } from '@shared/domain/statuses';
import { ListPage } from '@console/kit/list-page';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { demandColumns } from './demand-pages';
import { ReleaseDialog } from './release-dialog';
import './demands.css';

const statusOptions = [
  projectStatus.code.draft,
  projectStatus.code.published,
  projectStatus.code.commissioned,
  projectStatus.code.contractFiled,
  projectStatus.code.surveying,
].map((value) => ({ value, label: projectStatus.label(value) }));

export function DemandReleasePage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  return (
    <ListPage
      title="需求发布"
      caption="待发布和已发布的测绘需求"
      description="本单位按阶段保存的测绘需求：待发布的需求确认附件后发布，发布时可选择中介选取方式（直接选取、随机抽取或比选报价）。"
      actions={
        <Link className="demand-action-link" to="/demandmanger/release">
          新增需求
        </Link>
      }
      call={projectCalls.findProjectsRecord}
      filters={[
        { name: 'projectName', label: '项目名称' },
        { name: 'status', label: '状态', type: 'select', options: statusOptions },
      ]}
      columns={demandColumns}
      rowKey={(row: DemandRow) => row.demandId}
      rowLabel={(row: DemandRow) => row.projectName}
      feedback={feedback}
      rowActions={(row: DemandRow) =>
        row.status === projectStatus.code.draft ? (
          <>
            <Link to={`/demandmanger/submitFile?demandId=${row.demandId}`}>附件</Link>{' '}
            <ReleaseDialog
              demandId={row.demandId}
              subject={`“${row.projectName}”${row.stageName}`}
              onDone={setFeedback}
            />
          </>
        ) : (
          <>
            {row.status === projectStatus.code.published ? (
              <>
                <Link to={`/demandmanger/demandOption?demandId=${row.demandId}`}>中介选取</Link>{' '}
              </>
            ) : null}
            <Link to={`/demandmanger/demandDetails?id=${row.demandId}`}>详情</Link>
          </>
        )
      }
      emptyText={(filtered) =>
        filtered ? '没有符合条件的需求' : '本单位还没有测绘需求，请先在“发布需求”中选择项目和测绘事项'
      }
    />
  );
}
