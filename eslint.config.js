import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A status is asked of its state machine (`OrderStateMachine.may('pay', order.status)`), never
 * compared as a string, outside the machines, their server doors, views and label files. The
 * selectors: an equality with a member of a status enum, a status property compared with a
 * literal, a switch over a status or with status cases, and `[X.A, X.B].includes(…)`.
 */
const STATUS_ENUM = '/^(Order|Demand|PaymentAttempt|Invoice|Audit|Refund|PaymentException)Status$/';
const STATUS_FIELD = '/^(status|auditStatus|orderStatus|usedByStatus)$/';
const STATUS_VALUE =
  '/^(CREATED|PAYED|CANCELLED|REFUNDED|OPEN|PAID|CLOSED|FAILED|REQUESTED|ISSUED|REJECTED|VOIDED|REVERSED|QUOTE_REQUESTED|QUOTED|SUBMITTED|DESIGNING|DRAFT_REVIEW|REVISING|FINAL_PRODUCTION|DELIVERED|NONE|PENDING|APPROVED|PROCESSING|SUCCEEDED|HANDLED)$/';
const EQUALITY = '[operator=/^[!=]==?$/]';
const STATUS_COMPARISONS = [
  `BinaryExpression${EQUALITY}[left.object.name=${STATUS_ENUM}]`,
  `BinaryExpression${EQUALITY}[right.object.name=${STATUS_ENUM}]`,
  `BinaryExpression${EQUALITY}[left.property.name=${STATUS_FIELD}][right.value=${STATUS_VALUE}]`,
  `BinaryExpression${EQUALITY}[right.property.name=${STATUS_FIELD}][left.value=${STATUS_VALUE}]`,
  `BinaryExpression${EQUALITY}[left.name=${STATUS_FIELD}][right.value=${STATUS_VALUE}]`,
  `BinaryExpression${EQUALITY}[right.name=${STATUS_FIELD}][left.value=${STATUS_VALUE}]`,
  `SwitchStatement[discriminant.property.name=${STATUS_FIELD}]`,
  `SwitchCase[test.object.name=${STATUS_ENUM}]`,
  `CallExpression[callee.property.name='includes'][callee.object.elements.0.object.name=${STATUS_ENUM}]`,
];
const STATUS_COMPARISON_MESSAGE =
  "不要用字符串比较状态：请询问状态机，例如 OrderStateMachine.may('pay', order.status)，服务端用 assertMay(...)（见 docs/conventions.md「How a state changes」）。";

/** `no-restricted-syntax` with the selectors above, as a rule of its own so other restrictions do not replace it. */
const stateRules = {
  rules: {
    'no-status-comparison': {
      meta: { type: 'problem', docs: { description: 'status comparisons belong to the state machines' } },
      create: (context) =>
        Object.fromEntries(
          STATUS_COMPARISONS.map((selector) => [
            selector,
            (node) => context.report({ node, message: STATUS_COMPARISON_MESSAGE }),
          ]),
        ),
    },
  },
};

/**
 * A web feature (apps/web/src/features/<f>/) is used by another only through its door,
 * features/<f>/index.ts, which lists what it offers; what several features share lives in shared
 * code (src/api, src/components, src/lib…). Static imports, re-exports and `import()` alike,
 * written with `@/features/…` or relative.
 */
const WEB_FEATURES = resolve(import.meta.dirname, 'apps/web/src/features');
const featureRules = {
  rules: {
    door: {
      meta: { type: 'problem', docs: { description: 'a web feature is imported only through its index.ts' } },
      create: (context) => {
        const [own] = relative(WEB_FEATURES, context.filename).split(sep);
        const check = (source) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
          const spec = source.value;
          let target;
          if (spec.startsWith('@/features/')) target = spec.slice('@/features/'.length);
          else if (spec.startsWith('.')) target = relative(WEB_FEATURES, resolve(dirname(context.filename), spec));
          else return;
          const [feature, ...rest] = target.split(/[\\/]/);
          if (feature === own || feature === '..' || rest.length === 0 || rest.join('/') === 'index') return;
          context.report({
            node: source,
            message: `跨功能只能经由该功能的入口引用：从 @/features/${feature} 导入（需要的名字加到 features/${feature}/index.ts），或把共用的部分移到共享目录（src/api、src/components、src/lib）。`,
          });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

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
  // One door per server module: every other file of apps/server/src (another module, the
  // plugins, ops, jobs, server.ts and the composition root) imports a module only through its
  // index.ts, which lists what the module offers. Types too: a row type every module names
  // lives in src/db/rows.ts. The three entries match the importer's depth, since an import is
  // written relative to it.
  ...[
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: ['apps/server/src/modules/**'],
      regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
    },
    { files: ['apps/server/src/modules/*/*.ts'], regex: '^\\.\\./[^./][^/]*/(?!index\\.js$)' },
    { files: ['apps/server/src/modules/*/*/**/*.ts'], regex: '^\\.\\./\\.\\./[^./][^/]*/(?!index\\.js$)' },
  ].map(({ regex, ...where }) => ({
    ...where,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex,
              message:
                '跨模块只能经由该模块的入口引用：从 modules/<模块>/index.js 导入，需要的名字加到该模块的 index.ts。',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { features: featureRules },
    rules: { 'features/door': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { state: stateRules },
    rules: { 'state/no-status-comparison': 'error' },
  },
  {
    // The doors that may compare statuses: the machines and their server doors (which map a
    // move to its UPDATE), views and label files (which name each status), and tests.
    files: [
      'packages/contract/src/*-machine.ts',
      'packages/contract/src/state-machine.ts',
      'packages/contract/src/demand-state.ts',
      'apps/server/src/lib/state-transition.ts',
      'apps/server/src/modules/**/*-transition.ts',
      'apps/server/src/modules/**/*.view.ts',
      'apps/web/src/**/*-labels.ts',
      '**/*.test.{ts,tsx}',
    ],
    plugins: { state: stateRules },
    rules: { 'state/no-status-comparison': 'off' },
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
    // rather than retype a path; a prefix check names API_PREFIX. A test that must send a path no
    // route has says why in an eslint-disable comment. The contract itself is where paths are
    // written; Vite's dev proxy is the build tool's configuration, not a call.
    // A rule of its own rather than `no-restricted-syntax`, which another block's restrictions
    // would replace: a string or template piece that starts with `/api`.
    files: ['apps/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/web/vite.config.ts'],
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
                    '不要手写 /api/ 路径：请使用契约中的接口对象（X_API）、路由表（X_ROUTES，用 endpointUrl 填参数）或路径常量（X_PATHS，用 pathUrl 填参数）；前缀判断用 API_PREFIX。',
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
    // What a person types is kept or refused out loud (decision 0050): the native maxLength, and
    // the one of antd's inline editor, cut a pasted text short without a word. A field shows its
    // limit as a count (antd `count={{ show: true, max }}`, TextField `limit`) and its check
    // refuses past it (`limitRule`, `tooLongMessage`). A rule of its own, as no-api-path.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: {
      'typed-text': {
        rules: {
          'no-max-length': {
            meta: { type: 'problem', docs: { description: 'typed text is never cut short by maxLength' } },
            create: (context) => {
              const report = (node) =>
                context.report({
                  node,
                  message:
                    '不要用 maxLength 截断输入：超长的文字要保留并明确拒绝。请改用 count={{ show: true, max }} 显示字数，并加 limitRule(max, 字段名) 校验（表单外用 tooLongMessage；无 antd 的页面用 TextField 的 limit），见 docs/decisions/0050。',
                });
              return {
                "JSXAttribute[name.name='maxLength']": report,
                "JSXAttribute[name.name='editable'] Property[key.name='maxLength']": report,
              };
            },
          },
        },
      },
    },
    rules: { 'typed-text/no-max-length': 'error' },
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
