/**
 * /usercenter/orgdone: the agency's own application as it was sent, its status and every opinion.
 */
import { Link } from 'react-router';
import { agencyCalls } from '@shared/contracts/agencies';
import { Notice, PageHeader } from '@shared/ui/page';
import { useCall } from '@console/kit';
import { AgencyDetails, AgencyStatusLine, AgencyTimeline } from './agency-view';
import './agencies.css';

export function OwnApplicationPage() {
  const self = useCall(agencyCalls.querySelf, {});
  if (self.isPending) return <PageHeader title="已办机构申请" description="正在加载…" />;
  if (self.error) return <Notice tone="danger">{self.error.message}</Notice>;
  const org = self.data;
  if (!org)
    return (
      <>
        <PageHeader title="已办机构申请" />
        <Notice>
          尚未填写机构申请。<Link to="/usercenter/orgapply">去填写</Link>
        </Notice>
      </>
    );
  return (
    <>
      <PageHeader title="已办机构申请" description={<AgencyStatusLine org={org} />} />
      <AgencyTimeline organizationId={org.organizationId} />
      <AgencyDetails org={org} />
    </>
  );
}
