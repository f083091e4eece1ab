/**
 * The public record of a demand's agency selection, with how anyone can recompute a draw. Used on the
 * owner's selection page and meant for the console's demand detail page (<DrawRecord demandId={…} />).
 * The check button recomputes in this browser with Web Crypto: nothing is taken on trust from us.
 */
import { useState } from 'react';
import { selectionCalls, type PublicSelection } from '@shared/calls/selection';
import {
  drawHashInput,
  drawWinner,
  selectionMethodLabels,
  selectionStateLabels,
} from '@shared/domain/selection';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Notice } from '@shared/ui/page';
import { DetailSection } from '@console/kit/detail';
import { useCall } from '@console/kit/query';
import './selection.css';

async function sha256hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Recomputes commitment and winner from the record; null when they agree, else what differs. */
export async function verifyDraw(record: PublicSelection): Promise<string | null> {
  if (!record.salt || !record.candidates) return '尚未抽取';
  if ((await sha256hex(record.salt)) !== record.commitment) return '随机数与承诺值不符';
  const ids = record.candidates.map((c) => c.organizationId);
  const winner = drawWinner(await sha256hex(drawHashInput(record.salt, record.demandId, ids)), ids);
  return winner === record.winnerId ? null : '计算出的中选机构与公示不符';
}

export function DrawRecordView({ record }: { record: PublicSelection }) {
  const drawn = record.salt !== null && record.candidates !== null;
  // A direct choice draws nothing: the commitment, the salt and how to check a draw are a draw's words.
  const mayDraw = record.method !== 'direct';
  const drawItems = [
    {
      label: '承诺值（随机数 salt 的 SHA-256）',
      value: <code className="selection-code">{record.commitment}</code>,
      wide: true,
    },
    {
      label: '随机数',
      value: drawn ? (
        <code className="selection-code">{record.salt}</code>
      ) : record.state === 'done' ? (
        '本次未进行抽取，随机数不公开'
      ) : (
        '抽取前保密，抽取时公开'
      ),
      wide: true,
    },
  ];
  const items = [
    { label: '选取方式', value: selectionMethodLabels[record.method] },
    { label: '状态', value: selectionStateLabels[record.state] },
    ...(mayDraw ? drawItems : []),
    ...(drawn
      ? [
          {
            label: `候选机构（${record.candidates!.length} 家，按编号升序）`,
            value: record.candidates!.map((c) => String(c.organizationId) + ' ' + c.orgName).join('；'),
            wide: true,
          },
          {
            label: '计算内容',
            value: <code className="selection-code">{record.hashInput}</code>,
            wide: true,
          },
          { label: '哈希值', value: <code className="selection-code">{record.hash}</code>, wide: true },
          { label: '抽取时间', value: formatDateTime(record.drawnAt) },
        ]
      : []),
    { label: '中选机构', value: record.winnerName ?? '尚未选定' },
    { label: '确定时间', value: record.decidedAt ? formatDateTime(record.decidedAt) : '' },
    { label: '操作人', value: record.decidedByName ?? '' },
    ...(record.quoteDeadline ? [{ label: '报价截止时间', value: formatDateTime(record.quoteDeadline) }] : []),
  ];
  return (
    <DetailSection title="中介选取公示" items={items}>
      {mayDraw ? <HowToCheck record={record} drawn={drawn} /> : null}
    </DetailSection>
  );
}

/** How anyone recomputes a draw, and the button that does it in this browser. */
function HowToCheck({ record, drawn }: { record: PublicSelection; drawn: boolean }) {
  const [check, setCheck] = useState<string | null>(null);
  return (
    <div className="selection-explain">
      <h3>如何复核</h3>
      <ol>
        <li>
          选定方式时公布承诺值 <code>sha256(salt)</code>，salt 为随机数，抽取前只保存在服务器上。
        </li>
        <li>
          抽取时冻结候选名单 <code>candidates</code>（符合条件的机构编号，升序）并公开 salt，任何人可先核对{' '}
          <code>sha256(salt)</code> 等于承诺值。
        </li>
        <li>
          计算{' '}
          <code>
            h = sha256(salt + &apos;:&apos; + demandId + &apos;:&apos; + candidates.join(&apos;,&apos;))
          </code>
          （demandId 为需求编号），把 h 看作十六进制整数，中选机构为 <code>candidates[h mod 候选家数]</code>
          （从 0 开始数）。
        </li>
      </ol>
      <p>
        例如在 Node.js 中：
        <code className="selection-code">
          {`c[Number(BigInt('0x'+crypto.createHash('sha256').update(salt+':'+demandId+':'+c.join(',')).digest('hex')) % BigInt(c.length))]`}
        </code>
      </p>
      {drawn ? (
        <p>
          <Button
            size="sm"
            variant="secondary"
            onClick={async () => setCheck((await verifyDraw(record)) ?? 'ok')}
          >
            在本浏览器中复核
          </Button>
        </p>
      ) : null}
      {check === 'ok' ? <Notice>复核通过：承诺值与随机数相符，计算出的中选机构与公示一致。</Notice> : null}
      {check && check !== 'ok' ? <Notice tone="danger">复核未通过：{check}</Notice> : null}
    </div>
  );
}

/** The record of one demand, loaded from the public call. */
export function DrawRecord({ demandId }: { demandId: number }) {
  const record = useCall(selectionCalls.drawRecord, { demandId });
  if (record.error) return <Notice tone="danger">{record.error.message}</Notice>;
  if (record.isPending) return null;
  if (!record.data) return <Notice>该需求尚未确定中介机构选取方式。</Notice>;
  return <DrawRecordView record={record.data} />;
}
