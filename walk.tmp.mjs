import { launch, D } from './walk.lib.tmp.mjs';
import fs from 'fs';
const b = await launch();
const p = await b.newPage({viewport:{width:1280,height:900}});
const logs=[]; p.on('console',m=>logs.push(m.type()+': '+m.text())); p.on('pageerror',e=>logs.push('PAGEERR '+e.message));
// stub print so clicking doesn't block
await p.addInitScript(()=>{ window.print = ()=>{ window.__printed = (window.__printed||0)+1; window.__printMode = document.body.dataset.print; }; });
await p.goto('http://127.0.0.1:4190/teacher.html'); await p.waitForTimeout(2000);
await p.selectOption('#sheet-choice','gravity-answer'); await p.waitForTimeout(1200);
await p.click('#show-qr'); await p.waitForTimeout(1000);
await p.screenshot({path:D+'t-desk-qr.png'});
console.log('after qr', await p.evaluate(()=>{const d=document.querySelector('dialog[open]'); return d? {html:d.outerHTML.slice(0,800), txt:d.innerText}:'no dialog'; }));
console.log('focused', await p.evaluate(()=>document.activeElement.outerHTML.slice(0,200)));
await p.keyboard.press('Escape'); await p.waitForTimeout(400);
console.log('after esc focused', await p.evaluate(()=>[document.activeElement.id, !!document.querySelector('dialog[open]')]));
// click print buttons
await p.click('#print-handout'); await p.waitForTimeout(500);
console.log('printed', await p.evaluate(()=>[window.__printed, window.__printMode, document.body.dataset.print]));
for (const mode of ['handout','key']) {
  for (const name of ['', 'Ada Lovelace']) {
  await p.fill('#key-name', name); await p.waitForTimeout(800);
  await p.evaluate(m=>document.body.dataset.print=m, mode);
  await p.emulateMedia({media:'print'});
  await p.setViewportSize({width:794,height:1123});
  await p.waitForTimeout(500);
  const tag = `${mode}${name?'-named':''}`;
  await p.screenshot({path:D+`t-print-${tag}.png`,fullPage:true});
  const vis = await p.evaluate(()=>[...document.querySelectorAll('button,input,select,textarea,summary')].filter(e=>{const r=e.getBoundingClientRect(); const s=getComputedStyle(e); return r.width>0&&r.height>0&&s.visibility!=='hidden'}).map(e=>e.tagName+'#'+e.id+':'+(e.innerText||'').slice(0,30)));
  console.log(tag,'visible controls in print:', vis, 'height', await p.evaluate(()=>document.documentElement.scrollHeight));
  for (const fmt of ['A4','Letter']) {
    const buf = await p.pdf({format:fmt, preferCSSPageSize:true});
    fs.writeFileSync(`/tmp/walk/${tag}-${fmt}.pdf`, buf);
    const n = (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)||[]).length;
    console.log(tag, fmt, 'pages', n);
  }
  await p.emulateMedia({media:'screen'}); await p.setViewportSize({width:1280,height:900});
  }
}
await p.evaluate(()=>delete document.body.dataset.print);
console.log(logs.join('\n'));
await b.close();
