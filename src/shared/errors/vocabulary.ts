// Which message values are words the reader's language must name; shared by the server's English
// (messages.ts) and the client's translations, without either carrying the other's dictionary.

/**
 * Values are interpolated as given (numbers, codes, names people typed), except the ones that are
 * words themselves, which the reader's language must name: `record` holds a RecordName ('Task',
 * 'SubDirection') and reads as `records.<name>`; `table` holds a table name ('sub_directions') and
 * reads as `tables.<name>` (English words of the name when the catalogue lacks it); `hint` holds
 * another key of the catalogue and reads as its text. Server and client both resolve them through
 * this function, each with its own dictionary.
 */
export function vocabularyKey(name: string, value: string | number): { key: string; words: string } | null {
  if (name === 'record') return { key: `records.${value}`, words: String(value) };
  if (name === 'table') return { key: `tables.${value}`, words: String(value).replace(/_/g, ' ') };
  if (name === 'hint') return { key: String(value), words: String(value) };
  return null;
}
