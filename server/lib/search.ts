/** DRF SearchFilter semantics: the query splits on whitespace and commas, and every term must match somewhere. */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '')
    .replace(/\0/g, '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 10);
}

/** An ILIKE pattern matching `term` anywhere, with LIKE's own wildcards in the term taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
