/**
 * Stands in for MUI's `createThemeWithVars` in the browser builds (webpack.config.ts, `LeaveOutCssVariablesTheme`).
 * MUI's `createTheme` calls it only for a theme with `cssVariables` or `colorSchemes`, which ours has neither of
 * (theme.ts), yet imports it on every page: 5 KB gzip of initial JS that never runs (docs/performance.md
 * "Initial JS"). Should a theme ever ask for it, this says so instead of rendering without styles.
 */
export default function createThemeWithVars(): never {
  throw new Error(
    "This build leaves out MUI's CSS-variables theme: drop LeaveOutCssVariablesTheme from webpack.config.ts to use `cssVariables` or `colorSchemes`.",
  );
}
