/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const { spawn } = require('child_process');
spawn('/usr/bin/sleep', ['1000'], { detached: true, stdio: 'ignore' }).unref();
console.log('done');
