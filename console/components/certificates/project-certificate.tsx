/**
 * The way from a completed project to its certificate (issue 22): a notice with the certificate's
 * number and state, linking to its page, for the users who may read certificates.
 */
import { Link } from 'react-router';
import { certificateCalls } from '@shared/calls/certificates';
import { certificateState } from '@shared/domain/certificates';
import { projectStatus } from '@shared/domain/statuses';
import { Notice } from '@shared/ui/page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall } from '@console/kit/query';
import { useMayCall } from '@console/lib/current-user';

export function ProjectCertificate({ projectId, status }: { projectId: number; status: number }) {
  const mayRead = useMayCall(certificateCalls.list.access);
  const completed = status === projectStatus.code.completed;
  const found = useCall(
    certificateCalls.list,
    { projectId, page: 1, rows: 1 },
    { enabled: mayRead && completed },
  );
  const certificate = found.data?.rows[0];
  if (!certificate) return null;
  return (
    <Notice>
      项目已办结，验收证书：
      <Link to={`/workflow/CertificateDetiles?id=${certificate.pkid}`}>{certificate.certificateNo}</Link>{' '}
      <StatusBadge table={certificateState} value={certificate.state} />
    </Notice>
  );
}
