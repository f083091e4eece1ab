/**
 * /evaluatemanger/orgEvalute (机构评价): an agency's credit score with its reasons (issue 24). An agency
 * sees its own; the other roles see every agency by score, lowest first, and open one
 * (?organizationId=). Each event is listed with its points, and each change of the score with its
 * cause, so the number is never without its reasons (rule: shared/domain/credit-score.ts).
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useRoleIds } from '@console/lib/current-user';
import { creditCalls, type CreditScoreRecord, type CreditScoreRow } from '@shared/calls/credit';
import { roles } from '@shared/domain/roles';
import {
  CREDIT_SCORE_BASE,
  CREDIT_GROUP_LIMITS,
  CREDIT_WINDOW_YEARS,
  creditEventKindLabels,
  creditGradeLabels,
  creditGroupLabels,
  creditGroupLimitLines,
  creditRuleRows,
  creditTotalsOf,
  creditGrades,
  signedPoints as signed,
  type CreditEvent,
  type CreditGrade,
  type CreditGradeRule,
} from '@shared/domain/credit-score';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { PageHeader } from '@shared/ui/page';
import { DataTable, type Column } from '@console/kit/data-table';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { useCall } from '@console/kit/query';

import './credit.css';

// recharts is loaded only when the chart is drawn (issue 10: charts only on chart pages).
const ScoreLine = lazy(() => import('./score-line'));

const listColumns: readonly Column<CreditScoreRow>[] = [
  {
    key: 'orgName',
    header: '机构名称',
    wide: true,
    cell: (row) => (
      <Link to={`/evaluatemanger/orgEvalute?organizationId=${row.organizationId}`}>{row.orgName}</Link>
    ),
  },
  { key: 'score', header: '信用分', cell: (row) => `${row.score} 分`, nowrap: true },
  { key: 'grade', header: '信用等级', cell: (row) => creditGradeLabels[row.grade], nowrap: true },
];

const eventColumns: readonly Column<CreditEvent>[] = [
  { key: 'at', header: '时间', cell: (row) => formatDateTime(row.at), nowrap: true },
  { key: 'kind', header: '类别', cell: (row) => creditEventKindLabels[row.kind], nowrap: true },
  { key: 'subject', header: '事项', cell: (row) => row.subject, wide: true },
  { key: 'points', header: '加减分', cell: (row) => signed(row.points), nowrap: true },
];

type Change = CreditScoreRecord['changes'][number];
const changeColumns: readonly Column<Change>[] = [
  { key: 'changedAt', header: '时间', cell: (row) => formatDateTime(row.changedAt), nowrap: true },
  {
    key: 'score',
    header: '信用分',
    cell: (row) => `${row.fromScore} → ${row.toScore}（${row.fromGrade} → ${row.toGrade}）`,
    nowrap: true,
  },
  { key: 'cause', header: '原因', cell: (row) => row.cause, wide: true },
];

/** The grades' floors and what a grade means for selection, as configured. */
function GradeLines({ rule: { floors, unselectable, directChoiceOnly } }: { rule: CreditGradeRule }) {
  return (
    <>
      <li>
        等级：A 级 {floors.A} 分以上，B 级 {floors.B} 分以上，C 级 {floors.C} 分以上，其余为 D 级。
      </li>
      {unselectable.length > 0 ? <li>{gradeList(unselectable)}机构不能被选取承接新的测绘需求。</li> : null}
      {directChoiceOnly.length > 0 ? (
        <li>{gradeList(directChoiceOnly)}机构只能由建设单位直接选取，不参加随机抽取和比选报价。</li>
      ) : null}
    </>
  );
}

const gradeList = (grades: readonly CreditGrade[]) => grades.map((grade) => `${grade} 级`).join('、');

/**
 * The rule in a few lines: the same constants the server counts with, and the grade rule it is
 * configured with (CREDIT_GRADE_FLOORS …, read with jn_credit/gradeRule).
 */
function RuleSummary() {
  const gradeRule = useCall(creditCalls.gradeRule, {});
  return (
    <details className="credit-rule">
      <summary>信用评分规则</summary>
      <ul>
        <li>基础分 {CREDIT_SCORE_BASE} 分，加减后在 0 到 100 分之间。</li>
        {creditRuleRows().map((row) => (
          <li key={row.event}>
            {row.event}：{row.points}
          </li>
        ))}
        <li>
          评价、考核、验收、抽查和待办逾期计近 {CREDIT_WINDOW_YEARS} 年的记录，
          {creditGroupLimitLines().join('，')}
          ；信用记录在生效期间计入。
        </li>
        {gradeRule.data ? <GradeLines rule={gradeRule.data} /> : null}
      </ul>
    </details>
  );
}

/**
 * The acceptance pass rate over the window: of the acceptance decisions on the agency's results, the
 * share adopted (each decision is one of the events above).
 */
function AcceptanceRate({ events }: { events: readonly CreditEvent[] }) {
  const adopted = events.filter((event) => event.kind === 'acceptanceAdopted').length;
  const rejected = events.filter((event) => event.kind === 'acceptanceRejected').length;
  if (adopted + rejected === 0) return <p>近 {CREDIT_WINDOW_YEARS} 年尚无成果验收记录。</p>;
  const rate = Math.round((adopted / (adopted + rejected)) * 1000) / 10;
  return (
    <p className="credit-score-formula">
      近 {CREDIT_WINDOW_YEARS} 年成果验收通过率 <strong>{rate}%</strong>（通过 {adopted} 次，退回 {rejected}{' '}
      次）。
    </p>
  );
}

/** Events shown before 显示全部: an agency with years of work has hundreds. */
const FIRST_EVENTS = 20;

type GroupTotal = ReturnType<typeof creditTotalsOf>[number];

const totalColumns: readonly Column<GroupTotal>[] = [
  { key: 'group', header: '类别', cell: (row) => creditGroupLabels[row.group], wide: true },
  { key: 'count', header: '项数', cell: (row) => `${row.count} 项`, nowrap: true },
  { key: 'points', header: '合计加减分', cell: (row) => signed(row.points), nowrap: true },
  {
    key: 'counted',
    header: '计入信用分',
    cell: (row) => {
      const limits = CREDIT_GROUP_LIMITS[row.group];
      return row.counted === row.points || !limits
        ? signed(row.counted)
        : `${signed(row.counted)}（该类计分在 ${limits.min} 到 +${limits.max} 之间）`;
    },
  },
];

function ScoreRecord({ record }: { record: CreditScoreRecord }) {
  const [allEvents, setAllEvents] = useState(false);
  const newestFirst = [...record.events].reverse();
  const shown = allEvents ? newestFirst : newestFirst.slice(0, FIRST_EVENTS);
  return (
    <>
      <PageHeader title="机构评价" description={record.orgName} />
      <p className="credit-score-summary">
        当前信用分 <strong>{record.score}</strong> 分，{creditGradeLabels[record.grade]}
      </p>
      <RuleSummary />
      {record.changes.length > 1 ? (
        <Suspense fallback={<p>正在加载图表…</p>}>
          <ScoreLine changes={record.changes} />
        </Suspense>
      ) : null}
      <h2>计分汇总</h2>
      {record.events.length > 0 ? (
        <>
          <DataTable
            caption="计分汇总（按类别）"
            rows={creditTotalsOf(record.events)}
            columns={totalColumns}
            rowKey={(row) => row.group}
          />
          <p className="credit-score-formula">
            基础分 {CREDIT_SCORE_BASE} 分加上各类计入的分数，在 0 到 100 分之间，得 {record.score} 分。
          </p>
          <AcceptanceRate events={record.events} />
          <h2>计分事项</h2>
          <DataTable
            caption="计分事项（每项加减分）"
            rows={shown}
            columns={eventColumns}
            rowKey={(row) => `${row.kind}|${row.at}|${row.subject}`}
          />
          {newestFirst.length > FIRST_EVENTS ? (
            <Button variant="secondary" onClick={() => setAllEvents(!allEvents)}>
              {allEvents ? `只显示最近 ${FIRST_EVENTS} 项` : `显示全部 ${newestFirst.length} 项`}
            </Button>
          ) : null}
        </>
      ) : (
        <p>暂无计分事项，按基础分 {CREDIT_SCORE_BASE} 分计。</p>
      )}
      <h2>信用分变化</h2>
      {record.changes.length > 0 ? (
        <DataTable
          caption="信用分变化及原因"
          rows={[...record.changes].reverse()}
          columns={changeColumns}
          rowKey={(row) => `${row.changedAt}|${row.cause}|${row.toScore}`}
        />
      ) : (
        <p>信用分尚无变化。</p>
      )}
    </>
  );
}

function OneAgency({ organizationId }: { organizationId: number | undefined }) {
  const record = useCall(creditCalls.score, organizationId === undefined ? {} : { organizationId });
  return (
    <RecordPage
      record={record}
      title="机构评价"
      back={{ to: '/evaluatemanger/orgEvalute', label: '返回机构列表' }}
    >
      {(data) => <ScoreRecord record={data} />}
    </RecordPage>
  );
}

export function OrgEvaluatePage() {
  const roleIds = useRoleIds();
  const organizationId = useUrlId('organizationId');
  // An agency's account reads its own agency (the server narrows it too); the others choose one.
  const agency = roleIds.includes(roles.agency.id) && !roleIds.includes(roles.admin.id);
  if (agency || organizationId !== undefined) return <OneAgency organizationId={organizationId} />;
  return (
    <ListPage
      title="机构评价"
      caption="测绘机构信用分"
      description="各测绘机构按信用评分规则计算的信用分与等级，点击机构名称查看每项计分事项及变化原因。"
      intro={<RuleSummary />}
      call={creditCalls.scoreList}
      filters={[
        { name: 'orgName', label: '机构名称' },
        {
          name: 'grade',
          label: '信用等级',
          type: 'select',
          options: creditGrades.map((grade) => ({ value: grade, label: creditGradeLabels[grade] })),
        },
      ]}
      columns={listColumns}
      rowKey={(row) => row.organizationId}
      emptyText={(filtered) => (filtered ? '没有符合条件的机构' : '暂无机构')}
    />
  );
}
