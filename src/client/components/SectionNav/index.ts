// A page's sections as an underline nav, headed in the page's language.
export { SectionNav, type SectionNavProps } from './SectionNav.tsx';
