export * from './admin.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './identity.ts';
export * from './limits.ts';
export * from './lookups.ts';
export * from './query.ts';
export * from './tenant.ts';
