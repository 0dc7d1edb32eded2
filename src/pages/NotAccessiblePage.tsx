import { InsetText } from 'nhsuk-react-components';

export default function NotAccessiblePage() {
  return (
    <>
      <h1>There is a problem with this link</h1>
      <p>We could not open this page from the link you used.</p>
      <h2 className="nhsuk-heading-m">What you can do</h2>
      <ol>
        <li>Go back to the message your practice sent you.</li>
        <li>Open the link again, in the same browser tab, and keep using that tab until you have finished.</li>
        <li>Do not copy the link into a new tab or another browser, and do not open it in more than one tab at a time.</li>
      </ol>
      <InsetText>
        <p>If the link still does not work, please contact the practice.</p>
      </InsetText>
    </>
  );
}
