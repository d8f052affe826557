#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern char **environ;
/* Whether the file can be opened and holds `needle` (or anything, when needle is NULL). */
static int leaks(const char *path, const char *needle) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  if (!needle) return 1;
  for (size_t i = 0; i + strlen(needle) <= n; i++)
    if (memcmp(buf + i, needle, strlen(needle)) == 0) return 1;
  return 0;
}
int main(void) {
  const char *secret = "JUDGE_TEST_SECRET";
  int leaked = 0;
  const char *files[] = {"/etc/shadow", "/etc/passwd", "/root/.bashrc", "/root/.ssh/id_rsa"};
  for (int i = 0; i < 4; i++) leaked += leaks(files[i], NULL);
  DIR *root = opendir("/root");
  if (root) leaked++, closedir(root);
  for (char **e = environ; *e; e++) leaked += strstr(*e, secret) != NULL;
  DIR *proc = opendir("/proc");
  struct dirent *d;
  while (proc && (d = readdir(proc))) {
    char path[300];
    snprintf(path, sizeof path, "/proc/%s/environ", d->d_name);
    leaked += leaks(path, secret);
  }
  puts(leaked ? "leaked" : "blocked");
  return 0;
}
