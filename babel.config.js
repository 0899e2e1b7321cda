// Babel compiles the app for webpack (ts-jest compiles it for Jest). TypeScript types are checked
// separately by `tsc --noEmit`; here we only strip them.
module.exports = {
  presets: [
    ['@babel/preset-env', { bugfixes: true, targets: 'defaults and supports es6-module' }],
    ['@babel/preset-react', { runtime: 'automatic', development: process.env.NODE_ENV === 'development' }],
    ['@babel/preset-typescript', { allowDeclareFields: true }],
  ],
};
