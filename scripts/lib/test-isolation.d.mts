export type UnitProject = 'isolated' | 'dom' | 'node';
export function unitProject(source: string): UnitProject;
export function testFiles(dir: string): string[];
export function testsIn(root: string, folder: string, project: UnitProject, isolate?: readonly string[]): string[];
