/** Certificates (issue 22): what acceptance, the hall and the composition root use of this module. */
export { certificateRoutes } from './routes';
export { markRevoked, verifyCertificate, type CertificateVerificationRecord } from './service';
export {
  issueCertificate,
  removingPdfsOnFailure,
  type CertificateActor,
  type CertificateContext,
  type IssuedCertificate,
  type RemovableStorage,
} from './issue';
