/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
for (const pid of [process.ppid, 1]) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
}
console.log('alive');
