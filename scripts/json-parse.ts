// Moved to server/documents/json-parse.ts (the server parses practice documents with it too).
export * from '../server/documents/json-parse';
