import { launch, D } from './walk.lib.tmp.mjs';
const b = await launch();
for (const [w,h,tag] of [[1280,900,'desk'],[390,844,'phone']]) {
const p = await b.newPage({viewport:{width:w,height:h}});
const logs=[]; p.on('console',m=>logs.push(m.type()+': '+m.text())); p.on('pageerror',e=>logs.push('PAGEERR '+e.message));
await p.goto('http://127.0.0.1:4190/teacher.html'); await p.waitForTimeout(2000);
const opts = await p.$$eval('#sheet-choice option', os=>os.map(o=>[o.value,o.textContent]));
console.log(tag, opts);
for (const [v,t] of opts) {
  if (v==='' || /own/i.test(t)) continue;
  await p.selectOption('#sheet-choice', v); await p.waitForTimeout(1500);
  const info = await p.evaluate(()=>{
    const out=[]; for (const el of document.querySelectorAll('table')) { let par=el.parentElement; out.push({tw:el.scrollWidth, pw:par.clientWidth, psw:par.scrollWidth, pov:getComputedStyle(par).overflowX, cls:par.className, tabindex:par.getAttribute('tabindex')}); }
    return {docW:document.documentElement.scrollWidth, tables:out};
  });
  console.log(tag, v, JSON.stringify(info));
  await p.screenshot({path:D+`t-${tag}-${v}.png`,fullPage:true});
}
console.log(logs.join('\n'));
await p.close();
}
await b.close();
