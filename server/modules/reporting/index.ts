/** Results reporting (issue 25): what certificates, the jobs and the composition root use of this module. */
export { reportingRoutes } from './routes';
export {
  deliverDueReports,
  queueResultsReport,
  reportDocumentOf,
  RESULTS_REPORT_JOB,
  type DeliveryRound,
  type ReportFacts,
} from './service';
export {
  createDirectoryReportProvider,
  createHttpReportProvider,
  ReportDeliveryError,
  reportProviderFor,
  type ReportDocument,
  type ResultsReportProvider,
} from './provider';
