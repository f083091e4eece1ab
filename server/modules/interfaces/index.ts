/**
 * Data interfaces for other government systems (docs/interfaces.md): definitions over the datasets
 * (datasets.ts), consumer keys, getQuery, and the interfaces' part of the OpenAPI document.
 */
export { interfaceRoutes } from './routes';
export { interfaceDocs } from './describe';
export { addConsumer, hashKey } from './consumers';
export { datasets } from './datasets';
export { runInterface } from './run-query';
export { createAccessLogWriter, type AccessLogWriter } from './access-log';
