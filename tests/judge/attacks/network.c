#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
  const char *hosts[] = {"127.0.0.1", "127.0.0.1", "192.0.2.1"};
  const int ports[] = {5432, 80, 80};
  int connected = 0;
  for (int i = 0; i < 3; i++) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) continue;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(ports[i]);
    inet_pton(AF_INET, hosts[i], &a.sin_addr);
    if (connect(s, (struct sockaddr *)&a, sizeof a) == 0) connected++;
    close(s);
  }
  puts(connected ? "connected" : "blocked");
  return 0;
}
