// The practice's shared rules, pure TypeScript (no DOM, no Node APIs): the browser (src/) and the
// practice server (server/) both import them, the generic renderer (renderer/) never does.
export * from './tiers';
export * from './classification';
export * from './replyTimes';
export * from './endings';
export * from './tierWords';
export * from './advice';
export * from './phrases';
export * from './phone';
export * from './answerWords';
export * from './formMenu';
export * from './serviceOpen';
export * from './overrideWords';
export * from './reference';
