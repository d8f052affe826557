# The box's credentials: its own unprivileged uid and gid, no supplementary groups, no capability
# in any set, no_new_privs and the seccomp filter. Prints 'blocked' when all of that holds.
import os

status = dict(
    line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line
)
status = {k: v.strip() for k, v in status.items()}
problems = []
uids = set(status["Uid"].split())
gids = set(status["Gid"].split())
if len(uids) != 1 or "0" in uids:
    problems.append("uid " + status["Uid"])
if len(gids) != 1 or "0" in gids:
    problems.append("gid " + status["Gid"])
if status["Groups"] not in ("", status["Gid"].split()[0]):
    problems.append("groups " + status["Groups"])
for cap in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
    if int(status[cap], 16) != 0:
        problems.append(cap + " " + status[cap])
if status["NoNewPrivs"] != "1":
    problems.append("no_new_privs " + status["NoNewPrivs"])
if status["Seccomp"] != "2":
    problems.append("seccomp " + status["Seccomp"])
print("; ".join(problems) if problems else "blocked")
