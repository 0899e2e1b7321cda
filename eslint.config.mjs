import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Feature boundaries (docs/architecture.md "Allowed imports"): shared layers import no feature; the API
// layer imports no feature; a feature reaches another only through that feature's public.ts. The domain layer
// (the API's objects) sits under them all: it imports nothing of the app but lib/, so the server may import it too.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const boundaryZones = [
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app', './src/api'],
    message: 'components/ and lib/ are shared layers: they import no feature, app or api code.',
  },
  { target: './src/api', from: './src/features', message: 'api/ imports no feature: features inject their endpoints.' },
  {
    target: './src/domain',
    from: ['./src/features', './src/api', './src/components', './src/prerender', './src/editor', './src/watch'],
    message: 'domain/ holds the API objects: it imports only valibot, lib/ and src/app/product.ts (no React or Redux).',
  },
  {
    target: './src/domain',
    from: './src/app',
    except: ['./product.ts'],
    message: 'domain/ holds the API objects: from src/app it imports only product.ts.',
  },
  { target: './src/lib', from: './src/domain', message: 'lib/ is below domain/: it imports no domain object.' },
  // The highlight editor (src/editor, docs/editor.md) is its own bundle standing in for an external product: it
  // shares no app code but the product's name, and the app imports none of it.
  {
    target: './src/editor',
    from: './src/app',
    except: ['./product.ts'],
    message: 'The editor is its own bundle: from src/app it imports only product.ts.',
  },
  {
    target: './src/editor',
    from: ['./src/features', './src/api', './src/components', './src/domain'],
    message: 'The editor is its own bundle: it imports no feature, api, components or domain code (docs/editor.md).',
  },
  {
    target: ['./src/features', './src/app', './src/api', './src/components', './src/lib', './src/domain'],
    from: './src/editor',
    message: 'The editor is its own bundle (docs/editor.md): the app imports nothing from it.',
  },
  // The public watch page's script (src/watch, docs/watch-page.md) is its own bundle too: it mounts the app's player
  // (src/components) with the app's theme and its CSP-nonce emotion cache, and nothing else of the app.
  {
    target: './src/watch',
    from: './src/app',
    except: ['./theme.ts', './emotionCache.ts'],
    message: 'The watch page is its own bundle: from src/app it imports only theme.ts and emotionCache.ts.',
  },
  {
    target: './src/watch',
    from: ['./src/features', './src/api', './src/editor', './src/domain'],
    message: 'The watch page is its own bundle: it imports no feature, api, editor or domain code (docs/watch-page.md).',
  },
  {
    target: ['./src/features', './src/app', './src/api', './src/components', './src/lib', './src/editor', './src/domain'],
    from: './src/watch',
    message: 'The watch page is its own bundle (docs/watch-page.md): nothing imports from it.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...FEATURES.filter((f) => f !== feature).map((f) => `./${f}/public.ts`)],
    message: `Import another feature only through its public module (src/features/<feature>/public.ts).`,
  })),
];

const NO_INNER_HTML = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'No dangerouslySetInnerHTML.',
};
const COLOUR_MESSAGE = 'Name the colour in the theme palette (src/app/theme.ts) and use it by name.';
const NO_COLOUR_LITERALS = [
  { selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$|(rgb|hsl)a?\\(/]', message: COLOUR_MESSAGE },
  { selector: 'TemplateElement[value.raw=/#[0-9a-fA-F]{6}\\b|(rgb|hsl)a?\\(/]', message: COLOUR_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      'server/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    // Without a resolver that knows .ts/.tsx, import-x cannot follow our imports and its rules see nothing.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    // One shape for every feature (docs/architecture.md "A feature's shape"): api/ (endpoints and response schemas),
    // components/ (screens, components and their hooks), model/ (slices, sagas, pure rules, texts) and public.ts, the
    // only module other features may import. Tests are named for what they test, so only the files they test are held
    // to a name.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-match-with-fex': ['error', { '*.{ts,tsx}': 'src/features/*/?(@(api|components|model)/)' }],
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/features/*/*.{ts,tsx}': '@(public)',
          // Components in PascalCase, hooks as useX.
          'src/features/*/components/*.{ts,tsx}': '@(+([A-Z])*([a-zA-Z0-9])|use+([A-Z])*([a-zA-Z0-9]))',
          'src/features/*/@(api|model)/*.{ts,tsx}': 'CAMEL_CASE',
        },
      ],
      'check-file/filename-blocklist': [
        'error',
        {
          // Texts a user reads are named *Messages.ts; a hook is named useX.ts, in components/.
          'src/features/**/*@(Texts|Strings|Errors|Copy).ts': '*Messages.ts',
          'src/features/**/*@(Hook|Hooks).ts': 'use*.ts',
          'src/features/*/@(api|model)/use*.ts': 'src/features/*/components/use*.ts',
          'src/features/*/@(api|model)/*.tsx': 'src/features/*/components/*.tsx',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The app logs only warnings and errors (never tokens: see docs/architecture.md).
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Screens use the typed hooks from app/hooks.ts.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use useAppSelector/useAppDispatch from app/hooks.',
            },
            { name: '@mui/material', message: 'Import MUI components by path (@mui/material/Button) for smaller chunks.' },
            { name: '@mui/icons-material', message: 'Import icons by path.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', NO_INNER_HTML],
    },
  },
  {
    // Colours live in the theme's palette (src/app/theme.ts); screens name them ('primary.contrastText', 'scrim.main').
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', NO_INNER_HTML, ...NO_COLOUR_LITERALS] },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.cjs', 'babel.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
