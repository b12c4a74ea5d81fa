export * from './attachments.js';
export * from './constants.js';
export * from './content.js';
export * from './envelope.js';
export * from './errors.js';
export * from './list-filter.js';
export * from './paging.js';
