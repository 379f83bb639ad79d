import type { Highlight } from "../data";

/** A text with its matched words marked, or the plain text when nothing matched. */
export function Highlighted({
  parts,
  text,
}: {
  parts: Highlight[] | undefined;
  text: string;
}) {
  if (!parts) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? <mark key={index}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
