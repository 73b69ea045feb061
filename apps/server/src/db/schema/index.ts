export * from './users.js';
export * from './catalog.js';
export * from './commerce.js';
export * from './service.js';
export * from './media.js';
export * from './payments.js';
export * from './archive.js';
export * from './change-feed.js';
