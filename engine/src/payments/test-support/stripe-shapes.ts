import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The shapes of Stripe's objects as the official `stripe` package declares them (its types are
 * generated from Stripe's OpenAPI specification, which no npm package ships): read from its
 * declaration files at test time with the TypeScript compiler, so that upgrading `stripe` checks
 * the sandbox against the new shapes. Each property: whether an answer may leave it out, and whether
 * it may be null. Checked one level deep (the object's own properties), plus the object's literal
 * `object` value.
 */
export interface PropertyRule {
  optional: boolean;
  nullable: boolean;
}
export type Shape = Map<string, PropertyRule>;

/** The package's folder: its entry is <root>/cjs/... or <root>/esm/... */
const stripeRoot = path.resolve(path.dirname(createRequire(import.meta.url).resolve('stripe')), '..');

function declarations(file: string): ts.SourceFile {
  const full = path.join(stripeRoot, 'esm', file);
  return ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
}

function membersOf(source: ts.SourceFile, name: string): ts.NodeArray<ts.TypeElement> {
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === name) return statement.members;
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === name && ts.isTypeLiteralNode(statement.type))
      return statement.type.members;
  }
  throw new Error(`stripe's ${source.fileName} declares no ${name}`);
}

const isNull = (type: ts.TypeNode) => ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword;

/** The shape of `name` in the stripe package's `file` (under esm/, e.g. "resources/PaymentIntents.d.ts"). */
export function stripeShape(file: string, name: string): Shape {
  const shape: Shape = new Map();
  for (const member of membersOf(declarations(file), name)) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const type = member.type;
    const nullable = ts.isUnionTypeNode(type) ? type.types.some(isNull) : isNull(type);
    shape.set(member.name.getText(), { optional: member.questionToken !== undefined, nullable });
  }
  return shape;
}

/** What in `answer` breaks `shape`: a required property missing, one Stripe does not have, or null where it may not be. */
export function shapeProblems(answer: Record<string, unknown>, shape: Shape, where: string): string[] {
  const problems: string[] = [];
  for (const [name, rule] of shape) {
    if (!(name in answer)) {
      if (!rule.optional) problems.push(`${where}: ${name} is missing`);
    } else if (answer[name] === null && !rule.nullable) problems.push(`${where}: ${name} is null`);
  }
  for (const name of Object.keys(answer))
    if (!shape.has(name)) problems.push(`${where}: ${name} is not a property Stripe has`);
  return problems;
}
