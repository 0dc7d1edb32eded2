import { useFlowState } from '../flowState';
import { childAge, childFlow, isChildAge, type ChildFlowState } from './childFlow';

/**
 * Every child screen after the first: the flow and the child's age while the age is a number
 * below 16, else undefined (the screen sends the user home).
 */
export function useChildFlow(): { flow: ChildFlowState; age: number } | undefined {
  const flow = useFlowState(childFlow);
  const age = childAge(flow.dateOfBirth);
  return isChildAge(age) ? { flow, age } : undefined;
}
