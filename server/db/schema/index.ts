/**
 * The database schema (PostgreSQL dialect; PGlite and PostgreSQL 15+). TS properties are camelCase or
 * the spec's own field names; columns are snake_case. Status columns take the values of the tables in
 * shared/domain/statuses.ts (enforced by CHECK constraints).
 */
export * from './accounts';
export * from './audit';
export * from './content';
export * from './parties';
export * from './projects';
export * from './reference';
export * from './relations';
export * from './identity';
export * from './audit-opinions';
export * from './cas';
export * from './jobs';
export * from './credit';
export * from './agencies';
export * from './construction';
export * from './demands';
export * from './selection';
export * from './authorizations';
export * from './deadlines';
export * from './docking';
export * from './offline';
export * from './results';
export * from './archive';
export * from './interfaces';
export * from './certificates';
export * from './sharing';
export * from './reporting';
export * from './feedback';
export * from './electronics';
export * from './evaluations';
export * from './inspections';
