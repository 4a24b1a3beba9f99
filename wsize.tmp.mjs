import { readFileSync } from 'node:fs';
const buf = readFileSync(process.argv[2]);
let p = 8;
function leb() { let r = 0, s = 0, b; do { b = buf[p++]; r |= (b & 0x7f) << s; s += 7; } while (b & 0x80); return r >>> 0; }
const sections = [];
while (p < buf.length) { const id = buf[p++]; const size = leb(); sections.push({ id, start: p, size }); p += size; }
let imports = 0; const names = new Map();
for (const s of sections) {
  if (s.id === 2) { p = s.start; const n = leb(); for (let i = 0; i < n; i++) { let l = leb(); p += l; l = leb(); p += l; const kind = buf[p++]; if (kind === 0) { leb(); imports++; } else if (kind === 1) { p++; const f = buf[p++]; leb(); if (f & 1) leb(); } else if (kind === 2) { const f = buf[p++]; leb(); if (f & 1) leb(); } else if (kind === 3) { p += 2; } } }
  if (s.id === 0) { p = s.start; const nl = leb(); const name = buf.slice(p, p + nl).toString(); p += nl; if (name === 'name') { const end = s.start + s.size; while (p < end) { const sub = buf[p++]; const sz = leb(); const subEnd = p + sz; if (sub === 1) { const n = leb(); for (let i = 0; i < n; i++) { const idx = leb(); const l = leb(); names.set(idx, buf.slice(p, p + l).toString()); p += l; } } p = subEnd; } } }
}
const code = sections.find((s) => s.id === 10); p = code.start; const n = leb(); const fns = [];
for (let i = 0; i < n; i++) { const sz = leb(); fns.push({ idx: imports + i, size: sz }); p += sz; }
console.log('sections:', sections.map((s) => `${s.id}:${s.size}`).join(' '));
fns.sort((a, b) => b.size - a.size);
const groups = new Map();
for (const f of fns) { const nm = names.get(f.idx) ?? `f${f.idx}`; const key = nm.replace(/::h[0-9a-f]{16}$/, '').replace(/<.*$/, '').split('::').slice(0, 2).join('::'); groups.set(key, (groups.get(key) ?? 0) + f.size); }
for (const f of fns.slice(0, +(process.argv[3] ?? 30))) console.log(f.size, (names.get(f.idx) ?? `f${f.idx}`).slice(0, 140));
console.log('--- by crate::module');
for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v, k);
