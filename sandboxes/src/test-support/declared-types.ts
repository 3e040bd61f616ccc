import ts from 'typescript';

/** Strings, numbers and booleans, their literals and enums: a JSON value is checked for its kind or value. */
const SCALAR = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike;

/**
 * A provider's wire shapes as its official client package declares them, read from the package's
 * declaration file at test time with the TypeScript compiler (strict, so `| null` is kept), so that
 * upgrading the package checks the sandbox against the new shapes. `problems` walks an answer
 * against a declared type: a required property missing, a property the type does not declare, a
 * null where it may not be, a string, number or boolean where the type has another, a value
 * outside a union of literals; into arrays, nested objects and unions (the member that fits best).
 */
export class DeclaredTypes {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;
  private readonly members = new Map<ts.Type, { declared: Map<string, ts.Symbol>; index: ts.Type | undefined }>();

  /** `files`: the package's declaration files that declare the types wanted (what they import is read too). */
  constructor(private readonly files: string[]) {
    this.program = ts.createProgram(files, { strict: true, noEmit: true, skipLibCheck: true, types: [] });
    this.checker = this.program.getTypeChecker();
  }

  /** The interface or type alias `name` as `file` (by default the first) declares it, inside `declare module` blocks too. */
  type(name: string, file = this.files[0]!): ts.Type {
    const source = this.program.getSourceFile(file);
    if (!source) throw new Error(`no declaration file ${file}`);
    const find = (node: ts.Node): ts.InterfaceDeclaration | ts.TypeAliasDeclaration | undefined =>
      (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === name
        ? node
        : ts.forEachChild(node, find);
    const found = find(source);
    if (!found) throw new Error(`${file} declares no ${name}`);
    return this.checker.getTypeAtLocation(found.name);
  }

  /**
   * What in `value` breaks `type`, each problem prefixed with where it is. `depth` limits how many
   * levels of objects are checked (1: the object's own properties, their values' kinds only).
   */
  problems(value: unknown, type: ts.Type, where: string, depth = Infinity): string[] {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return [];
    if (type.isUnion()) return this.unionProblems(value, type.types, where, depth);
    if (value === null) return type.flags & ts.TypeFlags.Null ? [] : [`${where} is null`];
    if (type.isLiteral() || type.flags & SCALAR)
      return this.accepts(value, type) ? [] : [`${where} is ${JSON.stringify(value)}, not ${this.name(type)}`];
    if (this.checker.isArrayType(type)) {
      if (!Array.isArray(value)) return [`${where} is not an array`];
      const item = this.checker.getTypeArguments(type as ts.TypeReference)[0]!;
      return value.flatMap((one, index) => this.problems(one, item, `${where}[${index}]`, depth));
    }
    if (typeof value !== 'object' || Array.isArray(value)) return [`${where} is not an object`];
    if (depth <= 0) return [];
    return this.objectProblems(value as Record<string, unknown>, type, where, depth);
  }

  /** A type's properties by name, and the type of its string index signature if it has one (metadata). */
  private membersOf(type: ts.Type) {
    let members = this.members.get(type);
    if (!members) {
      const index = this.checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
      const declared = new Map(this.checker.getPropertiesOfType(type).map((property) => [property.name, property]));
      members = { declared, index: index?.type };
      this.members.set(type, members);
    }
    return members;
  }

  private objectProblems(answer: Record<string, unknown>, type: ts.Type, where: string, depth: number): string[] {
    const problems: string[] = [];
    const { declared, index } = this.membersOf(type);
    for (const [name, property] of declared) {
      if (!(name in answer)) {
        if (!(property.flags & ts.SymbolFlags.Optional)) problems.push(`${where}.${name} is missing`);
        continue;
      }
      const propertyType = this.checker.getTypeOfSymbol(property);
      problems.push(...this.problems(answer[name], propertyType, `${where}.${name}`, depth - 1));
    }
    for (const [name, value] of Object.entries(answer)) {
      if (declared.has(name)) continue;
      if (index) problems.push(...this.problems(value, index, `${where}.${name}`, depth - 1));
      else problems.push(`${where}.${name} is not declared`);
    }
    return problems;
  }

  private unionProblems(value: unknown, members: ts.Type[], where: string, depth: number): string[] {
    if (value === null) return members.some((member) => member.flags & ts.TypeFlags.Null) ? [] : [`${where} is null`];
    const candidates = members.filter((member) => !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    if (candidates.length === 1) return this.problems(value, candidates[0]!, where, depth);
    let best: string[] | undefined;
    for (const member of candidates) {
      const problems = this.problems(value, member, where, depth);
      if (problems.length === 0) return [];
      if (!best || problems.length < best.length) best = problems;
    }
    // Several kinds or literals and none fits: name them all rather than the nearest one.
    if (typeof value !== 'object')
      return [`${where} is ${JSON.stringify(value)}, not ${candidates.map((m) => this.name(m)).join(' | ')}`];
    return best ?? [];
  }

  private accepts(value: unknown, type: ts.Type): boolean {
    if (type.isLiteral()) return value === type.value;
    if (type.flags & ts.TypeFlags.BooleanLiteral) return value === (this.name(type) === 'true');
    if (type.flags & ts.TypeFlags.StringLike) return typeof value === 'string';
    if (type.flags & ts.TypeFlags.NumberLike) return typeof value === 'number';
    if (type.flags & ts.TypeFlags.BooleanLike) return typeof value === 'boolean';
    return false;
  }

  private name(type: ts.Type): string {
    return this.checker.typeToString(type);
  }
}
