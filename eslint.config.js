import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['storefront/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['storefront/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      // One module per icon, function and primitive, so the build can group what each first page
      // loads (storefront/build/first-page-chunks.ts); a package's index pulls in everything.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              message: "Import the icon's own module: lucide-react/icons/<name>.",
              allowTypeImports: true,
            },
            { name: 'date-fns', message: "Import the function's own module: date-fns/<name>." },
            { name: 'radix-ui', message: "Import the primitive's own module: radix-ui/<name>." },
          ],
        },
      ],
    },
  },
);
