# The judge's launcher: one long-lived root process per judge (launcher.ts starts it with an empty
# environment) that forks the first process of every box.
#
# Why a separate process: Node can only start a process by fork()ing itself, and on these machines
# that costs 5-30 ms of blocked event loop per run, growing with the server's memory (page tables
# copied, then copy-on-write faults). This process is small, so its fork is cheap, and a box no
# longer pays for the size of the server.
#
# Protocol with the server: one JSON object per line on stdin, replies one per line on stdout.
#   {"op": "warm", "id": n, "io": prefix, "procs": [cgroup.procs files]}
#       makes the FIFOs prefix.out, prefix.err, prefix.st (the box's stdout, stderr and bwrap's
#       status, read by the server) and prefix.go (its run, written by the server), and forks the
#       box's first process, which joins the run's cgroups at once (a cgroup v1 migration waits
#       ~25 ms for an RCU grace period: better done before the run is known) and then waits.
#       Reply {"id": n, "ready": true} once the FIFOs can be opened.
#   {"op": "kill", "id": n}   SIGKILL to the box's first process and its process group
# and {"id": n, "exit": code | null, "signal": number | null} when a box's first process ends.
# The run itself goes straight from the server to the waiting process through prefix.go (one
# line: {"argv", "env", "stdin": file, "cwd", "cpu": s, "fsize": bytes, "stack": bytes | null,
# "nproc": n | null, "nice": n, "uid": n | null, "bpf": base64 | null, "statusFd": bool, and for
# one of an interactive pair "stdout": FIFO, "stdoutFirst": bool}), so
# starting a box wakes no process but that one: it opens the input file, sets its nice value and
# the rlimits, drops to the box's uid (below) and execs argv (bwrap → program) with exactly fds 0-2
# (3 = the seccomp filter and 4 = bwrap's status when asked). Exit 125 = the launcher itself
# failed (its message is on the box's stderr).
# When stdin closes (the server is gone), every box is killed and this process exits; a waiting
# box process also dies with this one (PR_SET_PDEATHSIG).
import base64
import ctypes
import fcntl
import gc
import json
import os
import resource
import selectors
import signal
import sys

EXEC_FAILED = 125
PR_SET_PDEATHSIG = 1
PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
os.closerange(3, 1 << 20)  # descriptors the server leaked without close-on-exec

libc = ctypes.CDLL(None, use_errno=True)
with open("/proc/sys/kernel/cap_last_cap") as f:
    CAP_LAST = int(f.read())


class CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]
launcher_pid = os.getpid()


def ignored_signals():
    found = []
    for s in range(1, signal.NSIG):
        try:
            if signal.getsignal(s) == signal.SIG_IGN:
                found.append(s)
        except ValueError:
            pass  # not a signal number here
    return found


IGNORED_SIGNALS = ignored_signals()
boxes = {}  # id -> {"pid", "pidfd"}
sel = selectors.DefaultSelector()


def reply(obj):
    data = (json.dumps(obj) + "\n").encode()
    while data:
        data = data[os.write(1, data) :]


def fifo(path, flags):
    """A new FIFO opened without blocking (O_RDWR on a FIFO never blocks on Linux)."""
    os.mkfifo(path, 0o600)
    if flags == os.O_RDWR:
        return os.open(path, os.O_RDWR)
    # A write end: the O_RDWR open lends the reader that O_WRONLY waits for. Once it is closed,
    # the server's read end is the only one: EOF there means every writer in the box is gone.
    rw = os.open(path, os.O_RDWR)
    try:
        return os.open(path, os.O_WRONLY)
    finally:
        os.close(rw)


def to_fd(fd, target):
    os.dup2(fd, target, inheritable=True)


def read_line(fd):
    # The go FIFO is open read-write here (so the server's open never waits): no EOF comes, the
    # run ends at its newline.
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        data += chunk
    return data


def check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(uid):
    """Becomes the box's uid and gid for good: no supplementary groups, no capability in any set
    (bounding set emptied while still root; the uid change clears the permitted, effective and
    ambient sets; the inheritable set is cleared last) and no_new_privs, so no exec can gain
    privileges again. This was setpriv's job: done here, it saves a process start per box."""
    for cap in range(CAP_LAST + 1):
        check(libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0), "PR_CAPBSET_DROP")
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    header = CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    check(libc.capset(ctypes.byref(header), (CapData * 2)()), "capset")
    check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "PR_SET_NO_NEW_PRIVS")
    if os.getresuid() != (uid, uid, uid) or os.getresgid() != (uid, uid, uid) or os.getgroups():
        raise OSError("the box's credentials did not change")


def box_main(go, out, err, status, procs):
    """The box's first process, after fork: never returns."""
    try:
        os.setsid()  # its own process group, so a kill reaches bwrap and all it starts
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0 or os.getppid() != launcher_pid:
            os._exit(EXEC_FAILED)
        # Python ignores SIGPIPE and SIGXFSZ; an exec keeps ignored signals ignored (a handled one
        # goes back to its default by itself), so restore the defaults the program would get from
        # any other parent. Only the ones found ignored at start: each signal.signal() call here
        # writes to pages shared with the launcher, and copying them on write made resetting all
        # 64 a third of this process's cost (about 4 ms a box on a virtual machine).
        for s in IGNORED_SIGNALS:
            signal.signal(s, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        to_fd(err, 2)  # launcher errors go where the box's stderr goes
        os.closerange(0, 2)  # the server's control pipes: only the launcher may hold them
        keep = sorted({go, out, status})
        low = 3
        for fd in keep:
            if fd >= low:
                os.closerange(low, fd)
                low = fd + 1
        os.closerange(low, 1 << 20)
        for path in procs:
            with open(path, "w") as f:
                f.write(str(os.getpid()))
        run = json.loads(read_line(go))
        stdout_path = run.get("stdout")
        if stdout_path is None:
            stdin = os.open(run["stdin"], os.O_RDONLY)
            fds = {0: stdin, 1: out, 2: 2}
        else:
            # An interactive pair (interactive.ts): stdin and stdout are the two FIFOs between
            # the submission's box and the interactor's, in a root-only folder. Whichever box
            # comes first makes them. Opening a FIFO waits for its other end, so the two boxes
            # open theirs in opposite orders (the submission its stdin first, the interactor its
            # stdout first): each open meets the other box's, no cycle of waits can form.
            for path in (run["stdin"], stdout_path):
                try:
                    os.mkfifo(path, 0o600)
                except FileExistsError:
                    pass
            if run.get("stdoutFirst"):
                stdout = os.open(stdout_path, os.O_WRONLY)
                stdin = os.open(run["stdin"], os.O_RDONLY)
            else:
                stdin = os.open(run["stdin"], os.O_RDONLY)
                stdout = os.open(stdout_path, os.O_WRONLY)
            fds = {0: stdin, 1: stdout, 2: 2}
        if run["bpf"] is not None:
            mem = os.memfd_create("seccomp")
            os.write(mem, base64.b64decode(run["bpf"]))
            os.lseek(mem, 0, os.SEEK_SET)
            fds[3] = mem
        if run["statusFd"]:
            fds[4] = status
        # Move every source above the targets first, so no dup2 overwrites a source still needed.
        moved = {t: fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for t, fd in fds.items()}
        for target, fd in moved.items():
            to_fd(fd, target)
        top = max(fds)
        for fd in range(top):
            if fd not in fds:
                try:
                    os.close(fd)
                except OSError:
                    pass  # was not open
        os.closerange(top + 1, 1 << 20)
        limits = [
            (resource.RLIMIT_CORE, 0),
            (resource.RLIMIT_CPU, run["cpu"]),
            (resource.RLIMIT_FSIZE, run["fsize"]),
            (resource.RLIMIT_NOFILE, 512),
        ]
        if run["nproc"] is not None:
            limits.append((resource.RLIMIT_NPROC, run["nproc"]))
        if run.get("stack") is not None:
            limits.append((resource.RLIMIT_STACK, run["stack"]))
        for which, value in limits:
            resource.setrlimit(which, (value, value))
        if run.get("nice", 0) > 0:
            # Set as root, before the uid drops: the box cannot raise its priority back.
            os.setpriority(os.PRIO_PROCESS, 0, run["nice"])
        os.chdir(run["cwd"])
        if run.get("uid") is not None:
            drop_to(run["uid"])
        os.execve(run["argv"][0], run["argv"], run["env"])
    except BaseException as e:  # noqa: BLE001 - whatever failed, the box must not run
        try:
            os.write(2, f"launcher: {e!r}\n".encode())
        finally:
            os._exit(EXEC_FAILED)


def warm(msg):
    box_id = msg["id"]
    prefix = msg["io"]
    fds = []
    try:
        fds.append(fifo(prefix + ".go", os.O_RDWR))
        for suffix in (".out", ".err", ".st"):
            fds.append(fifo(prefix + suffix, os.O_WRONLY))
    except OSError as e:
        for fd in fds:
            os.close(fd)
        reply({"id": box_id, "error": f"could not prepare the box: {e!r}"})
        return
    pid = os.fork()
    if pid == 0:
        box_main(*fds, msg["procs"])
    for fd in fds:
        os.close(fd)
    pidfd = os.pidfd_open(pid)
    boxes[box_id] = {"pid": pid, "pidfd": pidfd}
    sel.register(pidfd, selectors.EVENT_READ, box_id)
    reply({"id": box_id, "ready": True})


def kill(box_id):
    box = boxes.get(box_id)
    if box is None:
        return
    # Not reaped yet, so neither the pid nor the group id can have been reused.
    for f in (os.kill, os.killpg):
        try:
            f(box["pid"], signal.SIGKILL)
        except OSError:
            pass


def reap(box_id):
    box = boxes.pop(box_id)
    sel.unregister(box["pidfd"])
    os.close(box["pidfd"])
    _, status = os.waitpid(box["pid"], 0)
    reply(
        {
            "id": box_id,
            "exit": os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        }
    )


def main():
    # Every box process is a fork of this one: the objects made so far (modules, functions) are
    # set aside from the collector, which would otherwise walk them in the child and so copy their
    # pages on write.
    gc.freeze()
    sel.register(0, selectors.EVENT_READ, None)
    pending = b""
    while True:
        for key, _ in sel.select():
            if key.data is not None:
                reap(key.data)
                continue
            chunk = os.read(0, 1 << 16)
            if not chunk:
                for box_id in list(boxes):
                    kill(box_id)
                sys.exit(0)
            lines = (pending + chunk).split(b"\n")
            pending = lines.pop()
            for line in lines:
                if not line.strip():
                    continue
                msg = json.loads(line)
                if msg["op"] == "warm":
                    warm(msg)
                elif msg["op"] == "kill":
                    kill(msg["id"])


main()
