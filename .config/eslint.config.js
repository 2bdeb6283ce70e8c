// ESLint flat config. Lives in .config/ to keep the repository's top level to the owner's list;
// the root `lint` script passes it with -c.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

/**
 * The server is an application, not a library: no other package imports its modules. What the
 * front end and the server share (schemas, paths, money, the OpenAPI document) is
 * @parlance/contract.
 */
const serverInternals = {
  group: [
    '@parlance/server',
    '@parlance/server/*',
    '**/server/src/**',
    '**/server/test/**',
    '**/server/scripts/**',
  ],
  message:
    "Nothing outside packages/server imports the server's modules: share it through @parlance/contract.",
};

/**
 * @parlance/contract is imported by the entry points its package.json exports (the server's build
 * resolves nothing else), and its request cases (behaviour/) by tests.
 */
const contractEntryPoints = {
  regex: '^@parlance/contract/(?!(endpoints|money|calendar|openapi\\.json|behaviour/\\w+)$)',
  message:
    'Import @parlance/contract, @parlance/contract/endpoints, /money, /calendar or /openapi.json.',
};

/** The UI package is presentational: no state, routing, API or other packages. */
const uiForbidden = [
  serverInternals,
  {
    group: [
      '@parlance/app',
      '@parlance/app/*',
      '@parlance/contract',
      '@parlance/contract/*',
      '@parlance/mocks',
      '@parlance/mocks/*',
    ],
    message: '@parlance/ui must not import the app, contract or mocks.',
  },
  {
    group: ['@reduxjs/*', 'react-redux', 'redux'],
    message: '@parlance/ui is presentational: no Redux.',
  },
  {
    group: ['react-router', 'react-router-dom'],
    message: '@parlance/ui takes links as props: no router.',
  },
  { group: ['msw', 'msw/*', 'axios'], message: '@parlance/ui does not fetch.' },
  {
    group: ['**/app/src/**', '**/contract/src/**', '**/mocks/src/**'],
    message: '@parlance/ui must not reach into other packages.',
  },
];

/**
 * One file-name case in the server: camelCase modules (`rateLimit.ts`, `stripeWebhookRoutes.ts`),
 * as in the app. Checked per linted file, so a new kebab-case file fails the lint.
 */
const fileNameCase = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop() ?? '';
    return {
      Program(node) {
        if (!/^[a-z][a-zA-Z0-9]*(\.d)?\.ts$/.test(name)) {
          context.report({ node, message: `File names are camelCase: rename ${name}.` });
        }
      },
    };
  },
};

/**
 * The app's shape: features are domains and import no other feature; the shells (dashboard and
 * public site) compose features, and nothing but the route table imports a shell; shared code,
 * the session and the store import neither. A piece two domains need moves to src/shared.
 */
const app = 'packages/app/src';
const domains = ['account', 'apiKeys', 'auth', 'billing', 'support', 'transcripts', 'usage'];
const appZones = [
  ...domains.map((domain) => ({
    target: `${app}/features/${domain}`,
    from: `${app}/features`,
    except: [`./${domain}`],
    message: 'A feature does not import another feature: move what both need to src/shared.',
  })),
  {
    target: [`${app}/features`, `${app}/shared`, `${app}/session`, `${app}/store`],
    from: `${app}/shells`,
    message: 'Shells compose features, never the other way round.',
  },
  {
    target: [`${app}/shared`, `${app}/session`, `${app}/store`],
    from: `${app}/features`,
    message: 'Shared code, the session and the store import no feature.',
  },
];

const serverNoFrontEnd = {
  group: ['@parlance/app', '@parlance/ui', '@parlance/mocks', 'react', 'react-dom'],
  message: 'The server does not import front-end code.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      'packages/engine/**',
      'packages/app/public/mockServiceWorker.js',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='enableVendorPrefixes']",
          message:
            "Production bundles leave stylis' vendor prefixer out (stylisWithoutPrefixer in packages/app/vite.config.ts).",
        },
      ],
    },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['packages/ui/src/**/*.stories.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: uiForbidden }] },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    plugins: { parlance: { rules: { 'file-name-case': fileNameCase } } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNoFrontEnd, contractEntryPoints] }],
      'parlance/file-name-case': 'error',
    },
  },
  {
    // Services and repositories throw DomainError (src/domainErrors.ts); statuses and headers are
    // the HTTP layer's: src/http, the route plugins (next block), the guards, multipart parsing.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/http/**',
      'packages/server/src/*/http/**',
      'packages/server/src/auth/guards.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNoFrontEnd,
            contractEntryPoints,
            {
              regex: '(^|/)http/errors\\.js$',
              message:
                'Services throw DomainError (src/domainErrors.ts); the error handler turns it into HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    // Route plugins validate, call their domain's repository or service and present the answer.
    files: ['packages/server/src/**/*{routes,Routes}.ts', 'packages/server/src/auth/google.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNoFrontEnd,
            contractEntryPoints,
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                'Routes reach data through their domain (a repository or service), not the ORM.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./).*',
              message: 'The contract is runtime-free: import only zod and other contract files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/app/src/**/*.{ts,tsx}', 'mocks/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverInternals,
            contractEntryPoints,
            {
              group: ['**/contract/src/**', '**/ui/src/**'],
              message: 'Import packages by name, not by path.',
            },
          ],
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message:
                "Use the app's Link (src/shared/RouterLink.tsx): react-router's carries prefetching the app never runs, about 2 KB on every first visit.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${app}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': ['error', { zones: appZones }],
    },
  },
  {
    // The web app loads no schemas (zod): the contract's root entry point gives it types only.
    files: [`${app}/**/*.{ts,tsx}`],
    ignores: [`${app}/**/*.test.{ts,tsx}`, `${app}/**/*.stories.tsx`, `${app}/test/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@parlance/contract',
              allowTypeImports: true,
              message:
                'The web app imports types from @parlance/contract; values from /endpoints, /money or /calendar, which load no schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and stories may reach across (a session test checks every domain's cache is emptied).
    files: [`${app}/**/*.test.{ts,tsx}`, `${app}/**/*.stories.tsx`],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    // Everything else outside the server: the build and test configs, e2e tests, scripts.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'packages/server/**',
      'packages/contract/src/**',
      'packages/ui/src/**',
      'packages/app/src/**',
      'mocks/src/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The journeys pay through the one fake of Stripe the server's tests use.
            {
              ...serverInternals,
              group: [...serverInternals.group, '!**/server/test/billing-stripe-fake'],
            },
            contractEntryPoints,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
