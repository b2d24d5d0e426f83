/**
 * The initials of a name for an avatar without a picture: the first letters of its first and last
 * words, upper-cased ("Ann Marie Real" → "AR", "admin@demo.com" → "A"). Letters outside the Basic
 * Multilingual Plane stay whole.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? ([...word][0] ?? '') : '');
  return (first(words[0]) + (words.length > 1 ? first(words.at(-1)) : '')).toUpperCase();
}
