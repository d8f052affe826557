/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const fs = require('fs');
const written = [];
for (const p of [
  '/judge-escape',
  '/usr/judge-escape',
  '/etc/judge-escape',
  '/code/judge-escape',
  '/dev/judge-escape',
]) {
  try {
    fs.writeFileSync(p, 'x');
    written.push(p);
  } catch {}
}
console.log(written.length ? 'wrote ' + written.join(' ') : 'blocked');
