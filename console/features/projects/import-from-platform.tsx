/**
 * 从审批平台导入 on /demandmanger/newProjece: the projects the provincial approval platform holds for
 * the owner's unit (getSynchroProjectListByUserID, searched and paged); 导入 turns one into a draft
 * project with one call (project/create/createFromSynchro) and opens it in the project list.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { dockingCalls, type DockedRow } from '@shared/calls/docking';
import { projectCalls } from '@shared/calls/projects';
import { Button } from '@shared/ui/button';
import { Input } from '@shared/ui/form';
import { Notice } from '@shared/ui/page';
import { Pager } from '@shared/ui/pager';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@shared/ui/dialog';
import { DataTable, type Column } from '@console/kit/data-table';
import { useCall, useCallMutation } from '@console/kit/query';

const PAGE_SIZE = 10;

export function ImportFromPlatformDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">从审批平台导入</Button>
      </DialogTrigger>
      <DialogContent className="docking-import">
        <DialogHeader>
          <DialogTitle>从审批平台导入</DialogTitle>
          <DialogDescription>
            省投资项目审批平台中本单位的项目（按统一社会信用代码或单位名称匹配）。导入后生成待发布项目，可再修改。
          </DialogDescription>
        </DialogHeader>
        {open ? <ImportList /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportList() {
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const [typed, setTyped] = useState('');
  const [projectName, setProjectName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = useCall(dockingCalls.synchroList, {
    pageNum,
    pageSize: PAGE_SIZE,
    ...(projectName ? { projectName } : {}),
  });
  const create = useCallMutation(dockingCalls.createProject, {
    invalidates: [dockingCalls.synchroList, projectCalls.query, projectCalls.findProjects],
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setProjectName(typed.trim());
    setPageNum(1);
  };
  const columns: readonly Column<DockedRow>[] = [
    { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
    { key: 'centralCode', header: '项目代码', cell: (row) => row.centralCode ?? '', nowrap: true },
    { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
    {
      key: 'approvedOn',
      header: '审批日期',
      cell: (row) => row.approvedOn ?? '',
      nowrap: true,
    },
  ];
  const rows = list.data?.rows ?? [];
  return (
    <div className="docking-import__body">
      <form className="docking-import__search" role="search" onSubmit={search}>
        <label>
          项目名称
          <Input value={typed} onChange={(event) => setTyped(event.target.value)} maxLength={50} />
        </label>
        <Button type="submit" variant="secondary" size="sm">
          查询
        </Button>
      </form>
      {problem ? (
        <Notice tone="danger" role="alert">
          {problem}
        </Notice>
      ) : null}
      {list.error ? <Notice tone="danger">{list.error.message}</Notice> : null}
      {list.isLoading ? <p>正在加载…</p> : null}
      {!list.isLoading && rows.length === 0 ? (
        <p>{projectName ? '没有符合条件的项目' : '审批平台中暂无本单位的项目'}</p>
      ) : null}
      {rows.length > 0 ? (
        <DataTable
          caption="审批平台中本单位的项目"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.pkid}
          rowActions={(row) =>
            row.state === 1 ? (
              <span className="kit-badge kit-badge--success">
                已导入{row.projectNo ? `（${row.projectNo}）` : ''}
              </span>
            ) : (
              <Button
                size="sm"
                disabled={create.isPending}
                aria-label={`导入 ${row.projectName}`}
                onClick={() => {
                  setProblem(null);
                  create.mutate(
                    { id: row.pkid },
                    {
                      onSuccess: (result) =>
                        void navigate(`/demandmanger/release?projectId=${result.data.pkid}&saved=1`),
                      onError: (error) => setProblem(error.message),
                    },
                  );
                }}
              >
                导入
              </Button>
            )
          }
        />
      ) : null}
      <Pager
        page={pageNum}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={setPageNum}
        label="审批平台项目分页"
      />
    </div>
  );
}
