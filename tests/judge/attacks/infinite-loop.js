/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
for (;;) {}
