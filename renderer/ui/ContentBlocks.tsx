// Page content blocks (paragraph, inset, warning, details, care card) with `{param}`
// placeholders filled from the run-time parameters. Text only: React escapes it, and
// documents never carry HTML.
import { Fragment, useSyncExternalStore } from 'react';
import type { ContentBlock, Parameters } from '../core/types';
import { useStrings } from './formContext';
import type { FormModel } from './formModel';

function fill(text: string, params: Parameters): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

function Links({ links, params }: { links: ContentBlock['links']; params: Parameters }) {
  const strings = useStrings();
  if (!links || links.length === 0) return null;
  return (
    <ul className="nhsuk-list">
      {links.map((link, i) => {
        const href = link.href ?? (link.hrefParam ? params[link.hrefParam] : undefined);
        if (typeof href !== 'string' || href === '') return null;
        const external = /^https?:\/\//.test(href);
        return (
          <li key={i}>
            <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {fill(link.text, params)}
              {external ? <span className="nhsuk-u-visually-hidden"> {strings.opensInNewTab}</span> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Paragraphs({ text, params }: { text: string | string[]; params: Parameters }) {
  const list = Array.isArray(text) ? text : [text];
  return (
    <>
      {list.map((t, i) => (
        <p key={i}>{fill(t, params)}</p>
      ))}
    </>
  );
}

export function Block({ block, params }: { block: ContentBlock; params: Parameters }) {
  const strings = useStrings();
  const body = (
    <>
      <Paragraphs text={block.text} params={params} />
      <Links links={block.links} params={params} />
    </>
  );
  const heading = block.heading ? fill(block.heading, params) : undefined;
  switch (block.kind) {
    case 'inset':
      return (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">{`${strings.information} `}</span>
          {heading ? <h3 className="nhsuk-heading-s">{heading}</h3> : null}
          {body}
        </div>
      );
    case 'warning':
      return (
        <div className="nhsuk-card nhsuk-card--warning">
          <div className="nhsuk-card__content">
            <h3 className="nhsuk-card__heading">{heading ?? strings.important}</h3>
            {body}
          </div>
        </div>
      );
    case 'details':
      return (
        <details className="nhsuk-details">
          <summary className="nhsuk-details__summary">
            <span className="nhsuk-details__summary-text">{heading ?? strings.moreInformation}</span>
          </summary>
          <div className="nhsuk-details__text">{body}</div>
        </details>
      );
    case 'care-card':
      return (
        <div className="nhsuk-card nhsuk-card--care nhsuk-card--care--urgent">
          <div className="nhsuk-card__heading-container">
            <h3 className="nhsuk-card__heading">
              <span className="nhsuk-u-visually-hidden">{`${strings.urgentAdvice} `}</span>
              {heading ?? strings.getHelpNow}
            </h3>
            <span className="nhsuk-card--care__arrow" aria-hidden="true" />
          </div>
          <div className="nhsuk-card__content">{body}</div>
        </div>
      );
    default:
      return (
        <>
          {heading ? <h3 className="nhsuk-heading-s">{heading}</h3> : null}
          {body}
        </>
      );
  }
}

/**
 * The blocks of one page position. Blocks with enableWhen follow the store's visibility, so
 * this list re-renders when a rule changes, never on a keystroke that changes no rule.
 */
export function ContentBlocks({
  store,
  blocks,
  pageIndex,
  position,
}: {
  store: FormModel;
  blocks: ContentBlock[] | undefined;
  pageIndex: number;
  position: 'content' | 'contentAfter';
}) {
  const conditional = blocks?.some((b) => b.enableWhen && b.enableWhen.length > 0) ?? false;
  const version = useSyncExternalStore(
    conditional ? store.subscribeContent : noopSubscribe,
    () => (conditional ? store.getContentVersion() : 0),
    () => 0,
  );
  void version;
  if (!blocks || blocks.length === 0) return null;
  return (
    <>
      {blocks.map((block, i) =>
        store.blockVisible(pageIndex, position, i) ? (
          <Fragment key={i}>
            <Block block={block} params={store.params} />
          </Fragment>
        ) : null,
      )}
    </>
  );
}

const noopSubscribe = () => () => {};
