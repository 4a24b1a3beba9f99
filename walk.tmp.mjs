import { launch, D } from './walk.lib.tmp.mjs';
const b = await launch();
const urls = {
 dp:'/?scenario=double-pendulum&methods=velocity-verlet,forest-ruth,rk4',
 drag:'/?scenario=drag&methods=velocity-verlet,forest-ruth',
 cf:'/?scenario=constant-force&methods=symplectic-euler,velocity-verlet',
};
for (const [tag,u] of Object.entries(urls)) {
  const p = await b.newPage({viewport:{width:1280,height:900}});
  const logs=[]; p.on('console',m=>logs.push(m.type()+': '+m.text())); p.on('pageerror',e=>logs.push('PAGEERR '+e.message));
  await p.goto('http://127.0.0.1:4190'+u); await p.waitForTimeout(3000);
  const txt = await p.evaluate(()=>{const s=document.querySelector('.how-section'); return s? s.innerText : 'none'});
  console.log('=====',tag,'\n',txt);
  const meth = await p.evaluate(()=>document.querySelector('fieldset:has(input[name=method])')?.innerText);
  console.log('-- methods legend\n', meth);
  await p.locator('.how-section').scrollIntoViewIfNeeded();
  await p.locator('.how-section').screenshot({path:D+`l-${tag}-how.png`});
  console.log(logs.join('\n'));
  await p.close();
}
await b.close();
