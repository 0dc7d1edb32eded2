// Comments say why, never which ticket: a tracker number (the word issue or ticket, or "spec row",
// then a number) means nothing to a reader outside the team, and goes stale when the tracker moves. Tracker numbers belong in commit
// messages and docs/; a comment gives the reason itself.

const TRACKER_REFERENCE = /\b(?:issues?|tickets?)\s*#?\d+|\bspec\s+rows?\s*\d+|#\d{2,}\b/i;

/** @type {import('eslint').Rule.RuleModule} */
const noTrackerReferences = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Refuses tracker numbers ("issue 27", "spec row 13") in comments: write the reason instead.' },
    schema: [],
    messages: {
      trackerReference: 'Comment cites a tracker number ("{{found}}"): say the reason itself (tracker numbers go in commit messages and docs/).',
    },
  },
  create(context) {
    return {
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
