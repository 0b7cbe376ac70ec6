/**
 * Operator text: blank lines separate paragraphs, single line breaks stay. Rendered as text, never as
 * HTML, so an operator's content cannot run script in a player's session.
 */
export function splitParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function ContentBody({ body }: { body: string }) {
  return (
    <div className="content-body">
      {splitParagraphs(body).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
