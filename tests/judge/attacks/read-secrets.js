/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const fs = require('fs');
const leaks = [];
for (const p of ['/etc/shadow', '/etc/passwd', '/root/.bashrc']) {
  try {
    fs.readFileSync(p);
    leaks.push(p);
  } catch {}
}
try {
  if (fs.readdirSync('/root').length) leaks.push('/root');
} catch {}
if (Object.keys(process.env).some((k) => k.includes('JUDGE_TEST_SECRET'))) leaks.push('env');
for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
  try {
    if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').includes('JUDGE_TEST_SECRET'))
      leaks.push(pid);
  } catch {}
}
console.log(leaks.length ? 'leaked ' + leaks.join(' ') : 'blocked');
