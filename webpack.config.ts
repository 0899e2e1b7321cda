import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import zlib from 'node:zlib';
import fs from 'node:fs';
import { PRODUCT_NAME } from './src/app/product';

// Build-time configuration: see the configuration table in README.md.
const env = {
  API_BASE_URL: process.env.API_BASE_URL ?? '',
  IDP_NAME: process.env.IDP_NAME ?? 'local',
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

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default (
  _: unknown,
  argv: { mode?: 'production' | 'development' },
): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
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
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.(png|jpe?g|webp|avif|svg)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(Object.fromEntries(Object.entries(env).map(([k, v]) => [`process.env.${k}`, JSON.stringify(v)]))),
      new HtmlWebpackPlugin({ template: 'public/index.html', productName: PRODUCT_NAME, scriptLoading: 'defer' }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      ...(production
        ? [
            new ChunkGroupsPlugin(),
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
          ]
        : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api', '/idp', '/maps', '/media'], target: apiTarget, changeOrigin: false }],
    },
  };
};
