# stdin is the judge's input file: the program must not be able to change it, neither through
# fd 0 nor by reopening it through /proc.
import os

hits = []
try:
    os.write(0, b"x")
    hits.append("fd 0")
except OSError:
    pass
try:
    with open("/proc/self/fd/0", "w") as f:
        f.write("x")
    hits.append("reopen")
except OSError:
    pass
print("blocked" if not hits else f"wrote via {hits}")
