/**
 * /usercenter/orgdone: the agency's own application as it was sent, its status and every opinion.
 */
import { agencyCalls } from '@shared/calls/agencies';
import { useCall } from '@console/kit/query';
import { RegistrationStatusPage } from '@console/components/registration/registration';
import { AgencyDetails, AgencyTimeline } from './agency-view';
import './agencies.css';

export function OwnApplicationPage() {
  const self = useCall(agencyCalls.querySelf, {});
  return (
    <RegistrationStatusPage
      title="已办机构申请"
      query={self}
      unregistered={{ text: '尚未填写机构申请。', form: '/usercenter/orgapply' }}
    >
      {(org) => (
        <>
          <AgencyTimeline organizationId={org.organizationId} />
          <AgencyDetails org={org} />
        </>
      )}
    </RegistrationStatusPage>
  );
}
