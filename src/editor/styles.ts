/**
 * The editor's look, as style objects (React sets them through the CSSOM, which the server's strict
 * Content-Security-Policy allows; no <style> element is needed). Colours meet WCAG AA contrast on white.
 */
import type { CSSProperties } from 'react';

const INK = '#1b1f24';
const MUTED = '#4a5460';
const BRAND = '#2e5d12';
const LINE = '#c9d1d9';
const DANGER = '#a4161a';

type Styles = Record<string, CSSProperties>;

export const s: Styles = {
  page: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    color: INK,
    maxWidth: 960,
    margin: '0 auto',
    padding: '12px 16px 96px',
    lineHeight: 1.4,
    boxSizing: 'border-box',
  },
  brand: { fontSize: 14, fontWeight: 700, color: BRAND, margin: 0, letterSpacing: 0.3 },
  h1: { fontSize: 24, margin: '4px 0', overflowWrap: 'anywhere' },
  meta: { color: MUTED, margin: '0 0 12px', fontSize: 15 },
  label: { display: 'block', fontWeight: 600, marginBottom: 4 },
  textInput: {
    width: '100%',
    boxSizing: 'border-box',
    fontSize: 16,
    padding: '10px 12px',
    border: `1px solid ${MUTED}`,
    borderRadius: 6,
  },
  hint: { color: MUTED, fontSize: 13, margin: '4px 0 0' },
  list: { listStyle: 'none', padding: 0, margin: '16px 0', display: 'grid', gap: 12 },
  card: {
    border: `1px solid ${LINE}`,
    borderRadius: 8,
    padding: 12,
    display: 'flex',
    flexWrap: 'wrap',
    gap: 12,
    background: '#fff',
  },
  previewBox: { flex: '1 1 260px', maxWidth: 360, minWidth: 0 },
  video: { width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 6, display: 'block' },
  controls: { flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 8, alignContent: 'start' },
  h2: { fontSize: 17, margin: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' },
  field: { display: 'grid', gap: 2, flex: '1 1 120px', minWidth: 0 },
  numberInput: {
    fontSize: 16,
    padding: '8px 10px',
    border: `1px solid ${MUTED}`,
    borderRadius: 6,
    width: '100%',
    boxSizing: 'border-box',
  },
  button: {
    fontSize: 15,
    padding: '8px 12px',
    minHeight: 40,
    borderRadius: 6,
    border: `1px solid ${MUTED}`,
    background: '#fff',
    color: INK,
    cursor: 'pointer',
  },
  primary: {
    fontSize: 16,
    padding: '10px 18px',
    minHeight: 44,
    borderRadius: 6,
    border: `1px solid ${BRAND}`,
    background: BRAND,
    color: '#fff',
    fontWeight: 700,
    cursor: 'pointer',
  },
  track: { position: 'relative', height: 10, background: '#e6eaee', borderRadius: 5, overflow: 'hidden' },
  window: { position: 'absolute', top: 0, bottom: 0, background: '#7aa95c' },
  marker: { position: 'absolute', top: -2, bottom: -2, width: 3, marginLeft: -1, background: DANGER },
  small: { color: MUTED, fontSize: 14, margin: 0 },
  error: { color: DANGER, fontWeight: 600, margin: '8px 0' },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: 12,
    alignItems: 'center',
    justifyContent: 'space-between',
    borderTop: `1px solid ${LINE}`,
    paddingTop: 12,
  },
  actions: { display: 'flex', gap: 12, flexWrap: 'wrap' },
  srOnly: {
    position: 'absolute',
    width: 1,
    height: 1,
    padding: 0,
    margin: -1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
};
