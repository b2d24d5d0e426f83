// The customizer drawer: theme, skin, primary colours, semi-dark navigation, layout,
// content width, navbar and footer types, language and direction, and a reset. Every change is stored
// in the `od-` cookies by app/preferences.ts. Lazy-loaded on first use.
import { SyncIcon } from '@primer/octicons-react';
import { Dialog, SegmentedControl, ToggleSwitch } from '@primer/react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BAR_TYPES, CONTENT_WIDTHS, DEFAULT_PRIMARY_COLOR, SKINS, THEMES } from '../../shared/constants/ui.ts';
import {
  effectiveTheme,
  type Preferences,
  resetPreferences,
  setPreferences,
  usePreferences,
} from '../app/preferences.ts';
import { LANGUAGES } from '../i18n/index.ts';
import classes from './Customizer.module.css';

const PRESETS = [DEFAULT_PRIMARY_COLOR, '#0D9394', '#2B76B9', '#C2307B', '#B35A12'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section}>
      <h3 className={classes.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Choice<T extends string>({
  label,
  values,
  value,
  onChange,
  text,
}: {
  label: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (value: T) => string;
}) {
  const id = useId();
  return (
    <div className={classes.row}>
      <span id={id} className={classes.label}>
        {label}
      </span>
      <SegmentedControl aria-labelledby={id} fullWidth size="small" onChange={(index) => onChange(values[index])}>
        {values.map((v) => (
          <SegmentedControl.Button key={v} selected={v === value}>
            {text(v)}
          </SegmentedControl.Button>
        ))}
      </SegmentedControl>
    </div>
  );
}

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={classes.toggleRow}>
      <span id={id} className={classes.label}>
        {label}
      </span>
      <ToggleSwitch aria-labelledby={id} size="small" checked={checked} disabled={disabled} onChange={onChange} />
    </div>
  );
}

function PrimaryColor({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (hex: string) => void;
}) {
  const { t } = useTranslation('shell');
  const id = useId();
  const custom = !PRESETS.includes(value.toUpperCase());
  return (
    <div className={classes.row}>
      <span id={id} className={classes.label}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={id} className={classes.swatches}>
        {PRESETS.map((hex) => (
          <label key={hex} className={classes.swatch} style={{ background: hex }}>
            <input
              type="radio"
              name={name}
              value={hex}
              checked={value.toUpperCase() === hex}
              onChange={() => onChange(hex)}
              aria-label={t('customizer.colour', { hex })}
            />
          </label>
        ))}
        <label className={classes.swatch} data-custom style={custom ? { background: value } : undefined}>
          <input
            type="color"
            value={value.toLowerCase()}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            aria-label={t('customizer.customColour')}
          />
        </label>
      </div>
    </div>
  );
}

type LayoutChoice = 'vertical' | 'collapsed' | 'horizontal';

function layoutChoice(prefs: Preferences): LayoutChoice {
  if (prefs.appContentLayoutNav === 'horizontal') return 'horizontal';
  return prefs.isVerticalNavCollapsed ? 'collapsed' : 'vertical';
}

export default function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const prefs = usePreferences();
  if (!open) return null;
  const layout = layoutChoice(prefs);
  const dark = effectiveTheme(prefs) === 'dark';

  return (
    <Dialog
      title={t('customizer.title')}
      subtitle={t('customizer.subtitle')}
      onClose={onClose}
      position={{ narrow: 'fullscreen', regular: 'right' }}
      width="medium"
      className={classes.dialog}
      footerButtons={[
        { content: t('customizer.reset'), leadingVisual: SyncIcon, onClick: resetPreferences, buttonType: 'default' },
        { content: t('customizer.done'), onClick: onClose, buttonType: 'primary' },
      ]}
    >
      <Section title={t('customizer.theming')}>
        <PrimaryColor
          label={t('customizer.primaryLight')}
          name="od-primary-light"
          value={prefs.lightThemePrimaryColor}
          onChange={(hex) => setPreferences({ lightThemePrimaryColor: hex })}
        />
        <PrimaryColor
          label={t('customizer.primaryDark')}
          name="od-primary-dark"
          value={prefs.darkThemePrimaryColor}
          onChange={(hex) => setPreferences({ darkThemePrimaryColor: hex })}
        />
        <Choice
          label={t('customizer.theme')}
          values={THEMES}
          value={prefs.theme}
          onChange={(theme) => setPreferences({ theme })}
          text={(v) => t(`theme.${v}`)}
        />
        <Choice
          label={t('customizer.skin')}
          values={SKINS}
          value={prefs.skin}
          onChange={(skin) => setPreferences({ skin })}
          text={(v) => t(`customizer.skins.${v}`)}
        />
        <Toggle
          label={t('customizer.semiDark')}
          checked={prefs.isVerticalNavSemiDark}
          disabled={dark || prefs.appContentLayoutNav === 'horizontal'}
          onChange={(on) => setPreferences({ isVerticalNavSemiDark: on })}
        />
      </Section>
      <Section title={t('customizer.layoutSection')}>
        <Choice<LayoutChoice>
          label={t('customizer.layout')}
          values={['vertical', 'collapsed', 'horizontal']}
          value={layout}
          onChange={(choice) =>
            setPreferences(
              choice === 'horizontal'
                ? { appContentLayoutNav: 'horizontal' }
                : { appContentLayoutNav: 'vertical', isVerticalNavCollapsed: choice === 'collapsed' },
            )
          }
          text={(v) => t(`customizer.layouts.${v}`)}
        />
        <Choice
          label={t('customizer.contentWidth')}
          values={CONTENT_WIDTHS}
          value={prefs.appContentWidth}
          onChange={(appContentWidth) => setPreferences({ appContentWidth })}
          text={(v) => t(`customizer.widths.${v}`)}
        />
        <Choice
          label={t('customizer.navbar')}
          values={BAR_TYPES}
          value={prefs.navbarType}
          onChange={(navbarType) => setPreferences({ navbarType })}
          text={(v) => t(`customizer.bars.${v}`)}
        />
        <Toggle
          label={t('customizer.navbarBlur')}
          checked={prefs.isNavbarBlurEnabled}
          disabled={prefs.navbarType !== 'sticky'}
          onChange={(on) => setPreferences({ isNavbarBlurEnabled: on })}
        />
        {prefs.appContentLayoutNav === 'horizontal' && (
          <Choice
            label={t('customizer.horizontalNav')}
            values={BAR_TYPES}
            value={prefs.horizontalNavType}
            onChange={(horizontalNavType) => setPreferences({ horizontalNavType })}
            text={(v) => t(`customizer.bars.${v}`)}
          />
        )}
        <Choice
          label={t('customizer.footer')}
          values={BAR_TYPES}
          value={prefs.footerType}
          onChange={(footerType) => setPreferences({ footerType })}
          text={(v) => t(`customizer.bars.${v}`)}
        />
      </Section>
      <Section title={t('customizer.languageSection')}>
        <Choice
          label={t('customizer.language')}
          values={LANGUAGES.map((l) => l.code)}
          value={prefs.language}
          onChange={(language) => setPreferences({ language })}
          text={(code) => LANGUAGES.find((l) => l.code === code)?.label ?? code}
        />
        <Choice
          label={t('customizer.direction')}
          values={['ltr', 'rtl'] as const}
          value={prefs.direction}
          onChange={(direction) => setPreferences({ direction })}
          text={(v) => t(`customizer.directions.${v}`)}
        />
      </Section>
    </Dialog>
  );
}
