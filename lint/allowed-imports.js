// An ESLint rule for the layer arrows of design.md, written as allow-lists in the manner of VS Code's
// `code-import-patterns`: each entry names the files it governs (`target`) and the project paths
// those files may import (`allow`) or may not (`deny`). `no-restricted-imports` cannot say this: it
// matches the import as written, so `../../x` means something different in every folder; this rule
// resolves each relative import to its path in the repository first.
import { dirname, matchesGlob, relative, resolve, sep } from 'node:path';

/**
 * Whether a repository path matches a list of globs, gitignore style: the last glob that matches
 * decides, and a glob starting with `!` excludes. `dir/**` also matches `dir` itself.
 */
function matchesList(path, globs) {
  let matched = false;
  for (const glob of globs) {
    const negated = glob.startsWith('!');
    const pattern = negated ? glob.slice(1) : glob;
    if (matchesGlob(path, pattern) || (pattern.endsWith('/**') && path === pattern.slice(0, -3))) {
      matched = !negated;
    }
  }
  return matched;
}

/**
 * A target may name one folder as a variable, e.g. `areas/{area}/**`: the folder the linted file is
 * in takes its place in `allow` and `deny`, so "its own area" is one entry for every area. The
 * segments before the variable must be literal.
 */
function bindVariables(target, path) {
  const bound = {};
  const fileSegments = path.split('/');
  target.split('/').forEach((segment, index) => {
    const variable = /^\{(\w+)\}$/.exec(segment);
    if (variable) bound[variable[1]] = fileSegments[index];
  });
  return bound;
}

const substitute = (globs, bound) =>
  globs.map((glob) => glob.replace(/\{(\w+)\}/g, (whole, name) => bound[name] ?? whole));
const withoutVariables = (glob) => glob.replace(/\{\w+\}/g, '*');

/** The module name of every way to load a module: static, re-export, dynamic, require, type import. */
function sourceOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
    case 'TSImportType':
      return literalText(node.source);
    case 'CallExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'require'
        ? literalText(node.arguments[0])
        : undefined;
    case 'TSExternalModuleReference':
      return literalText(node.expression);
    default:
      return undefined;
  }
}

function literalText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  // A computed path (`import(`./${name}.ts`)`) cannot be checked here.
  return undefined;
}

const toPosix = (path) => path.split(sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
export const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer imports only from the folders its allow-list names' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            target: { type: 'array', items: { type: 'string' }, minItems: 1 },
            allow: { type: 'array', items: { type: 'string' } },
            deny: { type: 'array', items: { type: 'string' } },
            why: { type: 'string' },
          },
          required: ['target', 'why'],
          additionalProperties: false,
        },
      },
    ],
    messages: {
      notAllowed:
        "'{{source}}' ({{path}}) is outside this layer's allow-list: {{why}}. Allowed: {{allowed}}.",
      denied: "'{{source}}' ({{path}}) may not be imported here: {{why}}.",
    },
  },

  create(context) {
    const file = toPosix(relative(context.cwd, context.filename));
    const entries = (context.options[0] ?? [])
      .filter((entry) => matchesList(file, entry.target.map(withoutVariables)))
      .map((entry) => {
        const bound = Object.assign({}, ...entry.target.map((target) => bindVariables(target, file)));
        return {
          why: entry.why,
          allow: entry.allow && substitute(entry.allow, bound),
          deny: entry.deny && substitute(entry.deny, bound),
        };
      });
    if (entries.length === 0) return {};

    function check(node) {
      const source = sourceOf(node);
      // Packages (vue, zod, node:fs) are not folders of this repository; other rules cover them.
      if (source === undefined || !(source.startsWith('.') || source.startsWith('/'))) return;
      const path = toPosix(relative(context.cwd, resolve(dirname(context.filename), source.split('?')[0])));
      // One report per import, from the first entry it breaks: the layer's before its sub-layers'.
      for (const { allow, deny, why } of entries) {
        if (allow && !matchesList(path, allow)) {
          const allowed = allow.join(', ');
          return context.report({ node, messageId: 'notAllowed', data: { source, path, why, allowed } });
        }
        if (deny && matchesList(path, deny)) {
          return context.report({ node, messageId: 'denied', data: { source, path, why } });
        }
      }
    }

    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
      TSExternalModuleReference: check,
      TSImportType: check,
    };
  },
};

export default { rules: { 'allowed-imports': allowedImports } };
