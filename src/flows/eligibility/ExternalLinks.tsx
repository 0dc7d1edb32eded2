/** A pathway outcome's links (self-help or signpost copy), each named as leaving for the NHS website. */
export function ExternalLinks({ links }: { links: ReadonlyArray<{ label: string; url: string }> | undefined }) {
  if (!links || links.length === 0) return null;
  return (
    <ul>
      {links.map((l) => (
        <li key={l.url}>
          <a href={l.url}>
            {l.label}
            <span className="nhsuk-u-visually-hidden"> (external NHS website)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
