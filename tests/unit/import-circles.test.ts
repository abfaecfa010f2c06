/**
 * No import circle in shared/, functions/ or frontend/src, counting type-only imports. The layers and the
 * circles of value imports are lint's (import-x/no-restricted-paths and no-cycle in eslint.config.js);
 * import-x/no-cycle skips `import type`, so a circle made of types alone (such as the two that
 * lib/speech and contracts/settings once had) would pass it. It still ties the two modules into one,
 * so it fails here, with its files in order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const files = ['shared', 'functions', 'frontend/src'].flatMap((dir) =>
  (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => `${dir}/${f.split(path.sep).join('/')}`),
);
const known = new Set(files);

/** The file a specifier names: `.js` stands for `.ts` (NodeNext), the frontend leaves the extension out, @shared/ is shared/. */
const resolve = (from: string, spec: string) => {
  const base = (spec.startsWith('@shared/') ? `shared/${spec.slice('@shared/'.length)}` : path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => known.has(f));
};

/** Each file's imports inside the three folders (static, type-only, re-exports and import()). */
const imports = new Map(
  files.map((f) => {
    const specs = [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'((?:\.{1,2}\/|@shared\/)[^']+)'/g)].map((m) => m[1]);
    return [f, [...new Set(specs.map((s) => resolve(f, s)).filter((t) => t !== undefined))]] as const;
  }),
);

describe('import circles', () => {
  it('reads the tree', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(imports.get('functions/lib/http.ts')).toContain('functions/routes.ts');
    expect(imports.get('frontend/src/main.tsx')).toContain('frontend/src/App.tsx');
    expect(imports.get('frontend/src/config.ts')).toContain('shared/product.ts');
  });

  it('has none, type-only imports included', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...trail.slice(trail.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const t of imports.get(f) ?? []) visit(t, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(circles).toEqual([]);
  });
});
