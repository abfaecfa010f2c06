/**
 * The layers of shared/ and functions/ (docs/architecture.md), read from the sources' own imports (type-only
 * ones too): shared/ stands alone; lib/ (plumbing) imports neither data nor services; data/ no
 * services; nothing below handlers/ and jobs/ imports them; and no file reaches itself through its
 * imports (no circle). A new import that breaks a rule fails here with its file and target.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const files = ['shared', 'functions'].flatMap((dir) =>
  (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => `${dir}/${f.split(path.sep).join('/')}`),
);

/** Each file's relative imports (static, type-only, re-exports and import()), as paths from the repo's root. */
const imports = new Map(
  files.map((f) => {
    const text = readFileSync(path.join(ROOT, f), 'utf8');
    const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
    const targets = specs.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(f), s)).replace(/\.js$/, '.ts'));
    return [f, [...new Set(targets)]] as const;
  }),
);

/** shared/ is one layer; under functions/ each folder is one (and routes.ts its own). */
const layerOf = (f: string) => {
  if (!f.startsWith('functions/')) return f.slice(0, f.indexOf('/'));
  const rest = f.slice('functions/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
};
/** What each layer may not import. routes.ts (the route table) sits between shared/ and lib/. */
const FORBIDDEN: Record<string, string[]> = {
  shared: ['lib', 'data', 'services', 'handlers', 'jobs', 'routes.ts'],
  'routes.ts': ['lib', 'data', 'services', 'handlers', 'jobs'],
  lib: ['data', 'services', 'handlers', 'jobs'],
  data: ['services', 'handlers', 'jobs'],
  services: ['handlers', 'jobs'],
};

describe('the layers of shared/ and functions/', () => {
  it('reads the tree', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(imports.get('functions/lib/http.ts')).toContain('functions/routes.ts');
  });

  it('imports only downwards', () => {
    const upwards = [...imports].flatMap(([f, targets]) =>
      targets.filter((t) => (FORBIDDEN[layerOf(f)] ?? []).includes(layerOf(t))).map((t) => `${f} -> ${t}`),
    );
    expect(upwards).toEqual([]);
  });

  it('has no import circle', () => {
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
