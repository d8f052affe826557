# Descriptors beyond stdin, stdout and stderr would be the judge's: FIFOs of other boxes, the
# launcher's control pipes, the server's sockets. Only listdir's own may show up.
import os

fds = sorted(int(f) for f in os.listdir("/proc/self/fd"))
extra = [f for f in fds if f > 2]
print("blocked" if len(extra) <= 1 else f"open: {fds}")
