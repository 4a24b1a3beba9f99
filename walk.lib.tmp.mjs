import { chromium } from 'playwright';
import fs from 'fs';
const cfg = JSON.parse(fs.readFileSync('/work/main/scripts/chromium.json','utf8'));
export async function launch(){ return chromium.launch({executablePath:cfg.executablePath,args:cfg.args}); }
export const D = '/tmp/walk/shots/';
