// Comments say why, never which ticket: a tracker number (the word issue or ticket, or "spec row",
// then a number) means nothing to a reader outside the team, and goes stale when the tracker moves. Tracker numbers belong in commit
// messages and docs/; a comment gives the reason itself. A test's name is read the same way (it is
// what a failing run prints), so the first argument of describe/it/test is checked too.

const TRACKER_REFERENCE = /\b(?:issues?|tickets?)\s*#?\d+|\bspec\s+rows?\s*\d+|#\d{2,}\b/i;

/** The calls whose first argument is a test's name (it.each, describe.skip… included). */
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test']);

/** @type {import('eslint').Rule.RuleModule} */
const noTrackerReferences = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Refuses tracker numbers ("issue 27", "spec row 13") in comments: write the reason instead.' },
    schema: [],
    messages: {
      trackerReference: 'Comment cites a tracker number ("{{found}}"): say the reason itself (tracker numbers go in commit messages and docs/).',
      trackerInTestName: 'Test name cites a tracker number ("{{found}}"): say what is tested instead (tracker numbers go in commit messages and docs/).',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        // it(…), it.skip(…), it.each([…])(…): down to the identifier the chain starts from.
        let callee = node.callee;
        while (callee.type === 'MemberExpression' || callee.type === 'CallExpression')
          callee = callee.type === 'MemberExpression' ? callee.object : callee.callee;
        if (callee.type !== 'Identifier' || !TEST_FUNCTIONS.has(callee.name)) return;
        const name = node.arguments[0];
        const text =
          name?.type === 'Literal' && typeof name.value === 'string'
            ? name.value
            : name?.type === 'TemplateLiteral'
              ? name.quasis.map((q) => q.value.cooked ?? '').join(' ')
              : undefined;
        const found = text === undefined ? null : TRACKER_REFERENCE.exec(text);
        if (found) context.report({ node: name, messageId: 'trackerInTestName', data: { found: found[0] } });
      },
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = TRACKER_REFERENCE.exec(comment.value);
          if (found) context.report({ loc: comment.loc, messageId: 'trackerReference', data: { found: found[0] } });
        }
      },
    };
  },
};

export default { rules: { 'no-tracker-references': noTrackerReferences }, TRACKER_REFERENCE };
