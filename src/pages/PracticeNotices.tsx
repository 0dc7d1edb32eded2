import { useMemo } from 'react';
import { sanitisePracticeHtml } from '../components/Sanitised';
import type { PracticeNotice } from '../../generated/types/api/practice-notices';
import { NO_NOTICES_MESSAGE } from '../errors/messages';

/**
 * The practice notices, sanitised (DOMPurify). A chunk of its own, loaded when the patient opens
 * the notices: the home page itself ships without the sanitiser.
 */
export default function PracticeNotices({ notices }: { notices: readonly PracticeNotice[] }) {
  // `?? ''`: the set is not checked notice by notice (withDefaults), so one without its content shows empty instead of throwing.
  const noticeHtml = useMemo(() => notices.map((n) => ({ id: n.id, title: n.title, html: sanitisePracticeHtml(n.content ?? '') })), [notices]);
  if (noticeHtml.length === 0) return <p>{NO_NOTICES_MESSAGE}</p>;
  return (
    <>
      {noticeHtml.map((n) => (
        <section key={n.id} className="app-notice">
          <h3 className="nhsuk-heading-s">{n.title}</h3>
          <div className="app-notice__content" dangerouslySetInnerHTML={{ __html: n.html }} />
        </section>
      ))}
    </>
  );
}
