// assertExecutionSize given the state's JSON (what saveExecution writes): the shortcut for a small
// state never lets a part over its cap through, and a large state is checked part by part as before.
import { describe, expect, it } from 'vitest';
import { assertExecutionSize, EXECUTION_LIMITS } from '../../../../server/engine/expiry';

const sizeProblem = (state: Parameters<typeof assertExecutionSize>[0], withJson: boolean): unknown => {
  try {
    assertExecutionSize(state, withJson ? JSON.stringify(state) : undefined);
    return undefined;
  } catch (e) {
    return e;
  }
};

describe('assertExecutionSize with the state JSON', () => {
  const small = { customData: [{ key: 'a', type: 'STRING', value: 'b' }], answers: { s1: { q: 'yes' } } };

  it('passes a small state, as without the JSON', () => {
    expect(sizeProblem(small, true)).toBeUndefined();
    expect(sizeProblem(small, false)).toBeUndefined();
  });

  it('still counts custom data entries on a small state', () => {
    const many = { customData: Array.from({ length: EXECUTION_LIMITS.maxCustomDataEntries + 1 }, () => 0), answers: {} };
    expect(sizeProblem(many, true)).toMatchObject({ statusCode: 413, message: expect.stringMatching(/too many entries/) });
  });

  it('refuses each part over its cap, with the JSON or without (multi-byte text counted in bytes)', () => {
    const cases: Array<[Parameters<typeof assertExecutionSize>[0], RegExp]> = [
      [{ customData: [{ key: 'k', value: 'x'.repeat(EXECUTION_LIMITS.maxCustomDataBytes) }], answers: {} }, /customData is too large/],
      [{ customData: [], answers: { s: { q: '£'.repeat(EXECUTION_LIMITS.maxAnswersBytes / 2) } } }, /answers are too large/],
      [{ customData: [], answers: {}, customContext: { c: 'é'.repeat(EXECUTION_LIMITS.maxCustomContextBytes / 2) } }, /customContext is too large/],
    ];
    for (const [state, message] of cases) {
      for (const withJson of [true, false]) expect(sizeProblem(state, withJson)).toMatchObject({ statusCode: 413, message: expect.stringMatching(message) });
    }
  });
});
