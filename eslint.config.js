import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'apps/server/drizzle/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A payment system must never drop a promise on the floor.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // A module's repository is its own: other modules call its service (its front door).
    // Row types may be named; the functions that run SQL may not be called from outside.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.js'],
              allowTypeImports: true,
              message: '不要跨模块调用仓储：请调用该模块的 service（其对外入口）。',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's test files share one module registry per worker (apps/server/vitest.config.ts,
    // `isolate: false`): nothing one file does may outlive it in the modules another file loads.
    files: ['apps/server/test/**/*.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers', 'spyOn'].map((property) => ({
          object: 'vi',
          property,
          message: '服务端测试共享模块（isolate: false）：请通过 buildTestApp 的参数注入替身，不要改动模块或全局对象。',
        })),
      ],
    },
  },
  {
    // Every endpoint is named once, in the contract (packages/contract: X_API, its route table
    // X_ROUTES, the paths outside the endpoints X_PATHS): callers and tests go through those
    // rather than retype a path. A test that must send a path no route has says why in an
    // eslint-disable comment.
    // A rule of its own rather than `no-restricted-syntax`, which another block's restrictions
    // would replace: a string or template piece that starts with `/api`.
    files: ['apps/server/test/**/*.ts'],
    plugins: {
      endpoints: {
        rules: {
          'no-api-path': {
            meta: { type: 'problem', docs: { description: 'API paths are named by the contract, not written out' } },
            create: (context) => {
              const report = (node) =>
                context.report({
                  node,
                  message:
                    '不要手写 /api/ 路径：请使用契约中的接口对象（X_API）、路由表（X_ROUTES）或路径常量（X_PATHS，用 pathUrl 填参数）。',
                });
              const API_PATH = '/^\\/api(\\/|$)/';
              return { [`Literal[value=${API_PATH}]`]: report, [`TemplateElement[value.raw=${API_PATH}]`]: report };
            },
          },
        },
      },
    },
    rules: { 'endpoints/no-api-path': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs}', 'e2e/**/*.ts', 'apps/server/src/cli/**/*.ts', 'apps/server/scripts/**', 'bench/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
