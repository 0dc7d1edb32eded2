import type { ESLint } from 'eslint';

declare const plugin: ESLint.Plugin & { TRACKER_REFERENCE: RegExp };
export default plugin;
