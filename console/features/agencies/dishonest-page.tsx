/** /intermediary/dishonest: the credit flags of the agencies a legal person heads (失信核查). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { agencyCalls } from '@shared/calls/agencies';
import { auditStatus, creditFlag } from '@shared/domain/statuses';
import { dishonestQuerySchema } from '@shared/validation/agencies';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall } from '@console/kit/query';

export function DishonestPage() {
  // ?legalPersonName= (from 机构关联) runs the check at once.
  const [search] = useSearchParams();
  const given = search.get('legalPersonName')?.trim() || null;
  const [name, setName] = useState<string | null>(given);
  const form = useContractForm(dishonestQuerySchema, { legalPersonName: given ?? '' });
  const result = useCall(agencyCalls.dishonest, { legalPersonName: name ?? '' }, { enabled: name !== null });
  return (
    <>
      <PageHeader title="失信核查" description="按法定代表人姓名查询其名下机构的失信、不合格和黑名单记录。" />
      <Card>
        <KitForm
          form={form}
          fields={{ legalPersonName: '法定代表人' }}
          submitLabel="查询"
          guardLeaving={false}
          onSubmit={async (values) => setName(values.legalPersonName)}
        >
          <TextField form={form} name="legalPersonName" label="法定代表人" />
        </KitForm>
      </Card>
      {name !== null ? (
        <Card aria-busy={result.isFetching}>
          {result.error ? (
            <Notice tone="danger">{result.error.message}</Notice>
          ) : result.data && result.data.length === 0 ? (
            <p>未查到该法定代表人名下的机构。</p>
          ) : (
            <table className="agency-compare">
              <caption className="visually-hidden">核查结果</caption>
              <thead>
                <tr>
                  <th scope="col">机构名称</th>
                  <th scope="col">审核状态</th>
                  <th scope="col">信用记录</th>
                </tr>
              </thead>
              <tbody>
                {(result.data ?? []).map((org) => (
                  <tr key={org.organizationId}>
                    <td>
                      <Link to={`/intermediary/orgManageDetail?id=${org.organizationId}`}>{org.orgName}</Link>
                    </td>
                    <td>
                      <StatusBadge table={auditStatus} value={org.auditStatus} />
                    </td>
                    <td>
                      {org.flags.length === 0
                        ? '无不良记录'
                        : org.flags.map((flag) => (
                            <p key={flag.flag}>
                              <StatusBadge table={creditFlag} value={flag.flag} /> {flag.reason ?? ''}
                              {flag.start ? `（${flag.start} 至 ${flag.end ?? '—'}）` : ''}
                            </p>
                          ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      ) : null}
    </>
  );
}
