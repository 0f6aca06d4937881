import { Fragment } from 'react';

/**
 * Text with `backticked` parts set as code: the page's own strings and the operations' descriptions (Markdown's
 * inline code, the only Markdown they use) read the same, with no Markdown renderer in the chunk.
 */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        // Odd parts were between backticks.
        index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
