import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'jest-fixed-jsdom',
  // scripts/: the bundle budget check (budgets.test.mjs).
  roots: ['<rootDir>/src', '<rootDir>/scripts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          moduleResolution: 'node',
          ignoreDeprecations: '6.0',
          isolatedModules: true,
          esModuleInterop: true,
        },
      },
    ],
    // msw's ESM-only dependencies are compiled to CommonJS with babel.config.js.
    '^.+\\.m?js$': 'babel-jest',
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(rettime|until-async|@mswjs|msw|@open-draft|outvariant|strict-event-emitter|headers-polyfill|is-node-process|@bundled-es-modules)/)',
  ],
  moduleNameMapper: { '\\.(png|jpe?g|webp|avif|svg)$': '<rootDir>/src/test/fileStub.ts' },
  testEnvironmentOptions: { customExportConditions: [''] },
  // Every core: Jest's default leaves one to its main process, which mostly waits (on 2 cores, one worker).
  maxWorkers: '100%',
  // Component tests on a busy 2-core CI machine can take several seconds each.
  testTimeout: 20_000,
  // On CI a handle some test leaves open must not keep Jest from exiting once every test has run (it did,
  // until the CI's time limit): Jest then says it forced the exit, and setupTests.ts closes the known ones.
  forceExit: Boolean(process.env.CI),
  clearMocks: true,
  restoreMocks: true,
};

export default config;
