/**
 * /demandmanger/newProjece (a new project) and /demandmanger/DemandXmXg?id= (changing a draft one):
 * name, the two codes (format-checked by the shared schema), the location picked on the map or
 * searched (its district is shown, and derived again by the server), funding party, construction
 * scale and contact. Before saving, checkIfCanSelfUpload tells at once when the name or a code is
 * already used, naming that project.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '@shared/api/call';
import { projectCalls, type ProjectRecord } from '@shared/calls/projects';
import { projectFieldsSchema } from '@shared/validation/projects';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { fieldError, KitForm, TextField, useContractForm } from '@console/kit/form';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { useCallMutation } from '@console/kit/query';
import { useApi } from '@console/lib/api';
import { ImportFromPlatformDialog } from './import-from-platform';
import type { PickedPoint } from './location-picker';

// Leaflet touches `window` when loaded: the map comes in its own chunk, only in the browser.
const LocationPicker = lazy(() => import('./location-picker').then((m) => ({ default: m.LocationPicker })));
import './demands.css';

/** Where the page leads back to after a refusal. */
const projectList = { to: '/demandmanger/release', label: '返回项目列表' };

const labels = {
  projectName: '项目名称',
  centralCode: '项目代码',
  localCode: '地方项目编码',
  lon: '项目位置',
  address: '项目地址',
  fundingParty: '出资方',
  projectType: '项目类型',
  totalInvestment: '总投资（万元）',
  landArea: '用地面积（平方米）',
  buildingArea: '建筑面积（平方米）',
  contactName: '联系人',
  contactPhone: '联系电话',
} as const;

const projectTypes = [
  '房屋建筑',
  '市政道路',
  '园林绿化',
  '公共服务',
  '工业厂房',
  '城市更新',
  '水利工程',
  '其他',
];

export function NewProjectPage() {
  return (
    <>
      <PageHeader
        title="新建项目"
        description="填写项目信息并在地图上选取项目位置；保存后可按审批阶段发布测绘需求。已在省投资项目审批平台立项的项目可直接导入。"
        actions={<ImportFromPlatformDialog />}
      />
      <ProjectForm project={null} />
    </>
  );
}

export function EditProjectPage() {
  const project = useRecordFromUrl(projectCalls.getProject, 'id', (pkid) => ({ pkid }));
  return (
    <RecordPage record={project} title="项目修改" missing="请从项目列表中选择项目" back={projectList}>
      {(data) => (
        <>
          <PageHeader title="项目修改" description={`${data.projectName}（${data.projectNo}）`} />
          {data.canEdit ? <ProjectForm project={data} /> : <Notice>项目已发布，不能修改。</Notice>}
        </>
      )}
    </RecordPage>
  );
}

function ProjectForm({ project }: { project: ProjectRecord | null }) {
  const api = useApi();
  const navigate = useNavigate();
  const invalidates = [projectCalls.query, projectCalls.getProject, projectCalls.findProjects];
  const add = useCallMutation(projectCalls.add, { invalidates });
  const update = useCallMutation(projectCalls.update, { invalidates });
  const [picked, setPicked] = useState<PickedPoint | null>(
    project?.lon != null && project.lat != null
      ? { lon: project.lon, lat: project.lat, districtName: project.districtName, address: project.address }
      : null,
  );
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const form = useContractForm(projectFieldsSchema, {
    projectName: project?.projectName ?? '',
    centralCode: project?.centralCode ?? '',
    localCode: project?.localCode ?? '',
    lon: project?.lon ?? undefined,
    lat: project?.lat ?? undefined,
    address: project?.address ?? '',
    fundingParty: project?.fundingParty ?? '',
    projectType: project?.projectType ?? '',
    totalInvestment: project?.totalInvestment ?? undefined,
    landArea: project?.landArea ?? undefined,
    buildingArea: project?.buildingArea ?? undefined,
    contactName: project?.contactName ?? '',
    contactPhone: project?.contactPhone ?? '',
  });

  const checkDuplicate = async () => {
    const { projectName, centralCode, localCode } = form.getValues();
    if (!projectName?.trim()) return;
    try {
      await callApi(api, projectCalls.checkIfCanSelfUpload, {
        projectName,
        ...(centralCode ? { centralCode } : {}),
        ...(localCode ? { localCode } : {}),
        ...(project ? { pkid: project.pkid } : {}),
      });
      setDuplicate(null);
    } catch (error) {
      setDuplicate(error instanceof Error ? error.message : null);
    }
  };

  return (
    <Card>
      {duplicate ? <Notice tone="danger">{duplicate}</Notice> : null}
      <KitForm
        form={form}
        fields={labels}
        submitLabel={project ? '保存修改' : '保存项目'}
        successMessage={null}
        onSubmit={async (values) => {
          const saved = project
            ? await update.mutateAsync({ ...values, pkid: project.pkid })
            : await add.mutateAsync(values);
          void navigate(`/demandmanger/release?projectId=${saved.data.pkid}&saved=1`);
        }}
      >
        <div className="demand-form__grid">
          <TextField form={form} name="projectName" label={labels.projectName} />
          <TextField
            form={form}
            name="centralCode"
            label={labels.centralCode}
            hint="投资项目在线审批监管平台赋予的代码，如 2024-379902-47-01-000123"
          />
          <TextField form={form} name="localCode" label={labels.localCode} hint="选填，如 YZXM202400123" />
          <TextField form={form} name="fundingParty" label={labels.fundingParty} />
          <TextField
            form={form}
            name="projectType"
            label={labels.projectType}
            options={projectTypes.map((type) => ({ value: type, label: type }))}
          />
          <TextField form={form} name="totalInvestment" label={labels.totalInvestment} type="number" />
          <TextField form={form} name="landArea" label={labels.landArea} type="number" />
          <TextField form={form} name="buildingArea" label={labels.buildingArea} type="number" />
          <TextField form={form} name="contactName" label={labels.contactName} />
          <TextField form={form} name="contactPhone" label={labels.contactPhone} type="tel" />
        </div>
        <div className="demand-form__check">
          <button type="button" className="demand-link-button" onClick={() => void checkDuplicate()}>
            检查名称和代码是否已被使用
          </button>
        </div>
        <Suspense fallback={<p>正在加载地图…</p>}>
          <LocationPicker
            value={picked}
            error={fieldError(form, 'lon')}
            onChange={(point) => {
              setPicked(point);
              form.setValue('lon', point.lon, {
                shouldDirty: true,
                shouldValidate: form.formState.submitCount > 0,
              });
              form.setValue('lat', point.lat, { shouldDirty: true });
              if (point.address && !form.getValues('address')) form.setValue('address', point.address);
            }}
          />
        </Suspense>
        <p className="demand-form__district">所在区县：{picked?.districtName ?? '（选取位置后自动确定）'}</p>
        <TextField form={form} name="address" label={labels.address} />
      </KitForm>
    </Card>
  );
}
