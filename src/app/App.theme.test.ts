import { theme } from './theme';

// App.tsx uses @mui/system's ThemeProvider the way @mui/material's does for a theme without CSS variables
// (it saves 3 KB on every page); that shortcut is only right while the theme has neither.
describe('the app theme', () => {
  it('has no CSS variables and no colour schemes (App.tsx relies on it)', () => {
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme).toBe(false);
    expect(theme.palette.primary.main).toBeDefined();
  });
});
