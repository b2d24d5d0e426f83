// Bidi-safe text. User content is isolated and takes its direction from its own
// first strong character (<bdi dir="auto">); numbers, coordinates and codes always read left to right
// (dir="ltr", isolated), so "85 Voie du Havre", "45.17851, 5.74535" and "-0.58347" read correctly in
// Arabic, and an English sentence keeps its final punctuation at its end.
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholderToken, splitPlaceholders } from './bidi-text.ts';
import classes from './Bidi.module.css';

/** User content (a name, an address, a description): isolated, direction from its own text. */
export function Bdi({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="auto" className={className}>
      {children}
    </bdi>
  );
}

/** Numbers, coordinates, codes, colors: always left to right, isolated from the text around them. */
export function Ltr({
  children,
  className,
  wrap = false,
}: {
  children: ReactNode;
  className?: string;
  /** May break anywhere when its place is too narrow (an e-mail, a web address); else kept on one line. */
  wrap?: boolean;
}) {
  return (
    <bdi dir="ltr" className={[wrap ? classes.ltrWrap : classes.ltr, className].filter(Boolean).join(' ')}>
      {children}
    </bdi>
  );
}

/** "lat, lng" with five decimals. */
export function coordinatesText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** "lat, lng" with five decimals, left to right. */
export function Coordinates({ latitude, longitude }: { latitude: number; longitude: number }) {
  return <Ltr>{coordinatesText(latitude, longitude)}</Ltr>;
}

/**
 * `t(key, values)` as React nodes, each interpolated value isolated in a <bdi>: for messages about a
 * record ("“North” archived.", "Delete “Nord” permanently?") whose name may be in another script.
 */
export function useIsolatedT(namespace: string): (key: string, values?: Record<string, string | number>) => ReactNode {
  const { t } = useTranslation(namespace);
  return (key, values = {}) => {
    // `count` stays a number (it chooses the plural form); every other value becomes a findable token.
    const tokens = Object.fromEntries(
      Object.keys(values)
        .filter((name) => name !== 'count')
        .map((name) => [name, placeholderToken(name)]),
    );
    const text = t(key, { ...values, ...tokens });
    return splitPlaceholders(text).map((part, i) =>
      typeof part === 'string' ? (
        <Fragment key={i}>{part}</Fragment>
      ) : (
        <bdi key={i} dir="auto">
          {String(values[part.name] ?? '')}
        </bdi>
      ),
    );
  };
}
