// Primer's UnderlineNav (a page's sections as links) with a screen-reader heading in the page's language.
// Primer heads the nav with a visually hidden `<h2>` reading `${aria-label} navigation`, English whatever
// the language ("أقسام الملف الشخصي navigation"): that heading is hidden and the label heads the nav instead.
import { UnderlineNav, type UnderlineNavProps } from '@primer/react';
import classes from './SectionNav.module.css';

export type SectionNavProps = UnderlineNavProps;

/** The sections of a page as an underline nav: `aria-label` (translated) names the nav and heads it. */
export function SectionNav({ 'aria-label': label, children, ...rest }: SectionNavProps) {
  return (
    <div className={classes.frame}>
      <h2 className={classes.heading}>{label}</h2>
      <UnderlineNav aria-label={label} {...rest}>
        {children}
      </UnderlineNav>
    </div>
  );
}

SectionNav.Item = UnderlineNav.Item;
