import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import { PRODUCT_NAME } from './src/app/product';
import { fillPage } from './src/prerender/fillPage';
import { startScriptsAfterPaint } from './src/prerender/scriptsAfterPaint';
import type { PrerenderedPage } from './src/prerender/renderPage';

// Build-time configuration: see the configuration table in README.md.
const env = {
  API_BASE_URL: process.env.API_BASE_URL ?? '',
  GOOGLE_MAPS_KEY: process.env.GOOGLE_MAPS_KEY ?? '',
  SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? 'support@courtside.example',
};

/** Writes which files each lazily loaded chunk group needs, for `npm run size`. */
class ChunkGroupsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('ChunkGroupsPlugin', (stats) => {
      const json = stats.toJson({ all: false, chunkGroups: true });
      const groups = Object.fromEntries(
        Object.entries(json.namedChunkGroups ?? {}).map(([name, g]) => [
          name,
          (g.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js')),
        ]),
      );
      fs.mkdirSync(path.resolve(__dirname, 'build-stats'), { recursive: true });
      fs.writeFileSync(path.resolve(__dirname, 'build-stats/chunk-groups.json'), JSON.stringify(groups, null, 2));
    });
  }
}

/**
 * Leaves MUI's CSS-variables theme (`createThemeWithVars`, 5 KB gzip) out of the app and the watch page: `createTheme` imports it on
 * every page but calls it only for `cssVariables` or `colorSchemes`, which our theme has neither of. The stand-in
 * (src/app/noCssVariablesTheme.ts) throws if ever called. The build fails if MUI's import is no longer found, so a
 * MUI upgrade cannot quietly bring the 5 KB back or leave the stand-in unused.
 */
class LeaveOutCssVariablesTheme {
  apply(compiler: webpack.Compiler) {
    let replaced = 0;
    new webpack.NormalModuleReplacementPlugin(/^\.\/createThemeWithVars\.mjs$/, (resolveData) => {
      if (!/[\\/]@mui[\\/]material[\\/]styles$/.test(resolveData.context)) return;
      resolveData.request = path.resolve(__dirname, 'src/app/noCssVariablesTheme.ts');
      replaced += 1;
    }).apply(compiler);
    compiler.hooks.afterCompile.tap('LeaveOutCssVariablesTheme', (compilation) => {
      // Child compilations (the HTML template's) import no MUI.
      if (compilation.compiler.isChild()) return;
      if (replaced === 0) {
        compilation.errors.push(
          new webpack.WebpackError("LeaveOutCssVariablesTheme: MUI's ./createThemeWithVars.mjs import was not found"),
        );
      }
    });
  }
}

const reactRouterProductionBuild = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Pre-compressed copies (.gz, .br) the server sends when the browser accepts them. */
const compressionPlugins = () => [
  new CompressionPlugin({
    filename: '[path][base].gz',
    algorithm: 'gzip',
    test: /\.(js|css|html|svg|json)$/,
    threshold: 1024,
  }),
  new CompressionPlugin({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: /\.(js|css|html|svg|json)$/,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } as zlib.ZlibOptions,
    threshold: 1024,
  }),
];

/**
 * V8's explicit compile hint (docs/performance.md "Compile hints"): with this comment at its top, a script's
 * functions are compiled with it, on the thread that streams it in, instead of one by one on the main thread the
 * first time each runs. Every file: the start's run almost whole while the app starts, and a lazy chunk's compile
 * on the main thread was much of the tasks that evaluate it (Create Highlight's main-thread work after its first
 * paint fell by about a tenth). Added after minification (which would drop the comment) and before the source
 * maps (which then account for the line it adds). Browsers without the hint read a comment.
 */
const compileHintsPlugin = () =>
  new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1,
  });

/** React's API on Preact's runtime (the editor's and the watch page's browser builds; their tests run React). */
const PREACT_COMPAT = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
};

/**
 * The highlight editor (src/editor, docs/editor.md): a second compilation writing dist/editor.html and its one
 * script into the same dist/, after the app's (which cleans dist/ first). Being its own compilation, it shares no
 * chunk with the app: the app's initial files are exactly what they would be without it. It is written against
 * React's API and built with Preact's compatibility layer, which is 7 KB gzip where React 19's DOM runtime is 68 KB.
 */
const editorConfig = (production: boolean): Configuration => ({
  name: 'editor',
  dependencies: ['app'],
  mode: production ? 'production' : 'development',
  // launchNow first: the token leaves the address bar before anything else of the editor runs.
  entry: { editor: ['./src/editor/launchNow.ts', './src/editor/index.tsx'] },
  output: {
    path: path.resolve(__dirname, 'dist'),
    publicPath: '/',
    filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
    clean: false,
  },
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    alias: PREACT_COMPAT,
  },
  module: { rules: [{ test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' }] },
  plugins: [
    new HtmlWebpackPlugin({
      template: 'src/editor/editor.html',
      filename: 'editor.html',
      productName: PRODUCT_NAME,
      scriptLoading: 'defer',
    }),
    ...(production ? [compileHintsPlugin(), ...compressionPlugins()] : []),
  ],
  optimization: { splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
});

/**
 * The public watch page's script (src/watch, docs/watch-page.md): a third compilation, like the editor's, writing
 * dist/watch.html (the template server/routes/sharePage.ts fills in for /s/{shareId}) and one script. It mounts the
 * app's own player (src/components/VideoPlayer.tsx, MUI) under Preact's compatibility layer, so a person opening a
 * shared link loads no React runtime.
 */
const watchConfig = (production: boolean): Configuration => ({
  name: 'watch',
  dependencies: ['app'],
  mode: production ? 'production' : 'development',
  entry: { watch: './src/watch/index.tsx' },
  output: {
    path: path.resolve(__dirname, 'dist'),
    publicPath: '/',
    filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
    clean: false,
  },
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  resolve: { extensions: ['.tsx', '.ts', '.js'], alias: PREACT_COMPAT },
  module: {
    rules: [
      { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
      // As in the app's build: a pure helper of @emotion/react that its package does not declare side-effect free.
      { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({
      template: 'src/watch/watch.html',
      filename: 'watch.html',
      scriptLoading: 'defer',
      // webpack's own minimizer does it (below); this one would drop the comments the server fills in.
      minify: false,
    }),
    new LeaveOutCssVariablesTheme(),
    ...(production ? [compileHintsPlugin(), ...compressionPlugins()] : []),
  ],
  optimization: {
    splitChunks: false,
    runtimeChunk: false,
    // The server fills the page in at <!--share:head--> and <!--share:body-->: they survive minification.
    minimizeOptions: { html: { comments: /^share:/ } },
  },
  performance: { hints: false },
});

/**
 * Node's build of src/prerender/renderPage.tsx: one file (no chunks, so React.lazy resolves from the same bundle),
 * resolving packages as Node does (Emotion's server build). Its asset URLs match the app's, which it never emits.
 */
const prerenderConfig = (outDir: string): Configuration => ({
  name: 'prerender',
  mode: 'production',
  target: 'node',
  entry: { prerender: './src/prerender/renderPage.tsx' },
  output: {
    path: outDir,
    publicPath: '/',
    filename: '[name].js',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    library: { type: 'commonjs2' },
    clean: true,
  },
  devtool: false,
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
      { test: /\.(png|jpe?g|webp|avif|svg)$/i, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  plugins: [
    new webpack.DefinePlugin(Object.fromEntries(Object.entries(env).map(([k, v]) => [`process.env.${k}`, JSON.stringify(v)]))),
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
  ],
  optimization: { minimize: false },
  performance: { hints: false },
});

/**
 * After the app's files are written, builds the prerenderer for Node and renders with it dist/login.html, the page
 * a signed-out visitor sees painted by HTML alone (docs/performance.md).
 */
class PrerenderPagesPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPagesPlugin', async () => {
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'courtside-prerender-'));
      try {
        await new Promise<void>((resolve, reject) => {
          webpack(prerenderConfig(outDir)).run((error, stats) => {
            if (error) reject(error);
            else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
            else resolve();
          });
        });
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built, loaded once
        const { renderPage } = require(path.join(outDir, 'prerender.js')) as {
          renderPage: (location: string) => Promise<PrerenderedPage>;
        };
        const dist = compiler.outputPath;
        const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        // Its scripts are asked for once it has painted (scriptsAfterPaint.ts; docs/performance.md).
        const login = startScriptsAfterPaint(fillPage(index, await renderPage('/login')));
        fs.writeFileSync(path.join(dist, 'login.html'), login);
      } finally {
        if (!process.env.KEEP_PRERENDER) fs.rmSync(outDir, { recursive: true, force: true });
      }
    });
  }
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

const appConfig = (production: boolean): Configuration & { devServer?: DevServerConfiguration } => {
  return {
    name: 'app',
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router's package exports point only at its development build (dev-only warnings);
      // production bundles take its production build: same API, 0.5 KB gzip less on every page.
      // React DOM, not Preact's compatibility layer: the app on Preact loads less but renders each
      // update in one long task, and /login, My Clips and Create Highlight score lower (docs/performance.md).
      alias: production ? { 'react-router$': reactRouterProductionBuild } : {},
    },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.(png|jpe?g|webp|avif|svg)$/i, type: 'asset/resource' },
        // A pure helper (no side effects on import) whose package does not say so: without this flag
        // @emotion/react's import of it stays in every page (0.9 KB gzip) though only unused withTheme calls it.
        { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        // A feature's public module only re-exports (webpack may then skip it for the module that holds a name).
        { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]public\.ts$/, sideEffects: false },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(Object.fromEntries(Object.entries(env).map(([k, v]) => [`process.env.${k}`, JSON.stringify(v)]))),
      new HtmlWebpackPlugin({ template: 'public/index.html', productName: PRODUCT_NAME, scriptLoading: 'defer' }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      new LeaveOutCssVariablesTheme(),
      ...(production ? [new ChunkGroupsPlugin(), compileHintsPlugin(), ...compressionPlugins(), new PrerenderPagesPlugin()] : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        // Budget (scripts/budgets.mjs): no lazily loaded file over 40 KB gzip. webpack weighs modules by
        // source size, which our on-demand chunks gzip 7–13× (measured), so they are split from 280 KB
        // of source (at most 40 KB gzip). Initial chunks stay whole: splitting them only adds requests.
        maxAsyncSize: 280_000,
        // No shared file under 60 KB of source (webpack's default is 20 KB): each `<script>` a page's start loads
        // costs the main thread a few ms on a slow phone, so fewer, larger files start sooner and score better
        // (docs/performance.md "Initial JS"). 80 KB cut a few more files for more bytes, and scored no better.
        minSize: 60_000,
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      // The editor's page in development: /editor/{id} is its own HTML (the API serves it in production).
      historyApiFallback: { rewrites: [{ from: /^\/editor\//, to: '/editor.html' }] },
      hot: true,
      // '/s/' (the public watch page) with its slash: a context matches as a prefix, so '/s' would take every /s… path.
      proxy: [{ context: ['/api', '/idp', '/maps', '/media', '/s/'], target: apiTarget, changeOrigin: false }],
    },
  };
};

export default (_: unknown, argv: { mode?: 'production' | 'development' }): Configuration[] => {
  const production = argv.mode !== 'development';
  return [appConfig(production), editorConfig(production), watchConfig(production)];
};
