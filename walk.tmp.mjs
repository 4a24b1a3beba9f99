import { launch, D } from './walk.lib.tmp.mjs';
import fs from 'fs';
const codes = JSON.parse(fs.readFileSync('/tmp/walk/codes.json','utf8'));
const b = await launch();
for (const [w,h,tag] of [[1280,900,'desk'],[390,844,'phone']]) {
const ctx = await b.newContext({viewport:{width:w,height:h}});
const p = await ctx.newPage();
const logs=[]; p.on('console',m=>logs.push(m.type()+': '+m.text())); p.on('pageerror',e=>logs.push('PAGEERR '+e.message));
await p.goto('http://127.0.0.1:4190/teacher.html'); await p.waitForTimeout(2000);
await p.selectOption('#sheet-choice','gravity-answer'); await p.waitForTimeout(1000);
const mangled = codes.bob.slice(0,60)+'X'+codes.bob.slice(61);
const text = `From: Ada\n${codes.ada}\n\nBob wrote: ${codes.bob}\n${codes.cleo}\nDan: ${codes.dan.slice(0,50)}\n${codes.dan.slice(50)}\n${mangled}\n`;
await p.fill('#codes', text); await p.waitForTimeout(2500);
const sec = async()=>p.evaluate(()=>{const h=[...document.querySelectorAll('h2')].find(x=>x.innerText.includes('Your class')); let s=h.parentElement; return s.innerText;});
if (tag==='desk') console.log(await sec());
await p.locator('#codes').scrollIntoViewIfNeeded();
await p.screenshot({path:D+`c-${tag}-class.png`, fullPage:true});
if (tag==='desk') {
await p.check('#anonymise'); await p.waitForTimeout(800);
console.log('=== anonymised\n', (await sec()).slice(0,1800));
await p.screenshot({path:D+`c-${tag}-anon.png`, fullPage:true});
await p.uncheck('#anonymise');
await p.reload(); await p.waitForTimeout(2500);
console.log('after reload sheet=', await p.$eval('#sheet-choice',s=>s.value), 'codes len', (await p.inputValue('#codes')).length, 'anon', await p.isChecked('#anonymise'));
console.log((await sec()).slice(0,900));
await p.screenshot({path:D+`c-${tag}-reload.png`, fullPage:true});
// select another worksheet: codes for gravity-answer?
await p.selectOption('#sheet-choice','fiedler'); await p.waitForTimeout(1500);
console.log('=== with fiedler selected\n', (await sec()).slice(0,1200));
await p.screenshot({path:D+`c-${tag}-otherws.png`, fullPage:true});
await p.selectOption('#sheet-choice','gravity-answer'); await p.waitForTimeout(1000);
p.on('dialog', async d=>{ console.log('DIALOG', d.type(), d.message()); await d.accept(); });
await p.click('#clear-codes'); await p.waitForTimeout(1000);
console.log('after clear codes len', (await p.inputValue('#codes')).length);
console.log((await sec()).slice(0,500));
await p.reload(); await p.waitForTimeout(2000);
console.log('after clear+reload codes len', (await p.inputValue('#codes')).length);
}
console.log(logs.join('\n'));
await ctx.close();
}
await b.close();
