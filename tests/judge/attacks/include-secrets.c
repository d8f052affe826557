/* The compile step must not read the host's files into the student's compiler messages. */
#include "/etc/shadow"
#include "/root/.bashrc"
int main(void) { return 0; }
