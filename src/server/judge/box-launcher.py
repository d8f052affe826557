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
#   {"op": "hold", "id": n, "stdin": FIFO, "stdout": FIFO, "drain": bool}   for one box of an
#       interactive pair, before its run: makes the two FIFOs between it and its partner and holds
#       the ends its partner would notice its end through (below). Reply {"id": n, "hold": null |
#       error}.
# and {"id": n, "exit": code | null, "signal": number | null, "seq": k} when a box's first process
# ends, k counting the boxes this launcher has reaped (1, 2, ...).
#
# Which of an interactive pair ended first (interactive.ts): the order in which this process reaps
# the two boxes, made causal rather than left to the scheduler. A box's partner could notice its
# end only through the pipes: end of file on reading what the box wrote, or EPIPE on writing what
# it read. Here is held, for each box of a pair, a write end of its stdout FIFO and a read end of
# its stdin FIFO until it is reaped: its partner sees neither before this process has counted its
# end. So a program that crashed and the interactor that then read end of file and rejected are
# always reaped in that order, however a busy machine schedules them (the two ends come
# milliseconds apart, and Node saw them in either order). problemtools' interactive runner keeps
# the pipes' ends open until it has waited for their owner, for the same reason.
# With "drain" (the submission's box), the read end of its stdin is not closed when it is reaped
# but read and discarded until every writer is gone: the interactor never gets EPIPE or SIGPIPE
# for writing to a submission that has ended (its next read says end of file instead), as
# problemtools keeps that pipe's read end and DOMjudge's runpipe reads it. An interactor killed by
# SIGPIPE would be a judge error where the submission was at fault.
# The run itself goes straight from the server to the waiting process through prefix.go (one
# line: {"argv", "env", "stdin": file, "cwd", "cpu": s, "fsize": bytes, "stack": bytes | null,
# "nproc": n | null, "nice": n, "uid": n | null, "bpf": base64 | null, "statusFd": bool, and for
# one of an interactive pair "stdout": FIFO}), so
# starting a box wakes no process but that one: it opens the input file, sets its nice value and
# the rlimits, drops to the box's uid (below) and execs argv (bwrap → program) with exactly fds 0-2
# (3 = the seccomp filter and 4 = bwrap's status when asked). Exit 125 = the launcher itself
# failed (its message is on the box's stderr).
# When stdin closes (the server is gone), every box is killed and this process exits; a waiting
# box process also dies with this one (PR_SET_PDEATHSIG).
import base64
import ctypes
import errno
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
boxes = {}  # id -> {"pid", "pidfd", "held": [FIFO ends held until it is reaped], "drain"}
sel = selectors.DefaultSelector()
reaped = 0  # boxes reaped so far: the "seq" of the exit replies


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


def write_end(path):
    """A write end of an existing FIFO, opened without waiting for a reader (see box_main)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as e:
        if e.errno != errno.ENXIO:
            raise
        rw = os.open(path, os.O_RDWR)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        finally:
            os.close(rw)
    os.set_blocking(fd, True)
    return fd


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
            # the submission's box and the interactor's, in a root-only folder, made by the
            # launcher's "hold". Neither box gets its run before both boxes' ends are held, or its
            # partner is over (interactive.ts), so an end of the other kind is there unless the
            # partner has been reaped. A blocking open would then wait for an end nobody opens
            # again (on a busy machine an interactor's box once took its run after a submission
            # that ended at once, and waited in open() until its wall-clock limit: a judge error).
            # So neither open waits: the read end reads end of file when no writer is left; a
            # write end with no reader left is lent one, as fifo() does, and the program gets
            # EPIPE as for a partner that left while it ran.
            stdin = os.open(run["stdin"], os.O_RDONLY | os.O_NONBLOCK)
            os.set_blocking(stdin, True)
            stdout = write_end(stdout_path)
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
    boxes[box_id] = {"pid": pid, "pidfd": pidfd, "held": [], "drain": None}
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


def hold(msg):
    """The ends of a pair's FIFOs through which the box's partner would notice its end (see the
    header): a write end of the box's stdout FIFO (no end of file for the partner) and a read end
    of its stdin FIFO (no EPIPE for the partner), kept until the box is reaped. Neither open
    blocks: a read end opens at once with O_NONBLOCK, and a write end finds the read end of the
    O_RDWR open it is lent (as fifo() does), which is closed again so the box itself still gets
    EPIPE when its partner is gone."""
    box_id = msg["id"]
    box = boxes.get(box_id)
    if box is None:
        reply({"id": box_id, "hold": "the box is gone"})
        return
    try:
        for path in (msg["stdin"], msg["stdout"]):
            try:
                os.mkfifo(path, 0o600)
            except FileExistsError:
                pass
        stdin = os.open(msg["stdin"], os.O_RDONLY | os.O_NONBLOCK)
        if msg.get("drain"):
            box["drain"] = stdin
        else:
            box["held"].append(stdin)
        rw = os.open(msg["stdout"], os.O_RDWR)
        try:
            box["held"].append(os.open(msg["stdout"], os.O_WRONLY | os.O_NONBLOCK))
        finally:
            os.close(rw)
    except OSError as e:
        reply({"id": box_id, "hold": f"could not hold the pipes: {e!r}"})
        return
    reply({"id": box_id, "hold": None})


def reap(box_id):
    global reaped
    box = boxes.pop(box_id)
    sel.unregister(box["pidfd"])
    os.close(box["pidfd"])
    _, status = os.waitpid(box["pid"], 0)
    # Counted before the held ends are let go: its partner can notice this end only after.
    reaped += 1
    for fd in box["held"]:
        os.close(fd)
    if box["drain"] is not None:
        sel.register(box["drain"], selectors.EVENT_READ, ("drain", box["drain"]))
    reply(
        {
            "id": box_id,
            "exit": os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            "seq": reaped,
        }
    )


def drain(fd):
    """Discards what the partner still writes to a reaped box; done at end of file (every
    writer gone: the partner and the end held for it, both over)."""
    try:
        if os.read(fd, 1 << 16):
            return
    except BlockingIOError:
        return
    except OSError:
        pass
    sel.unregister(fd)
    os.close(fd)


def main():
    # Every box process is a fork of this one: the objects made so far (modules, functions) are
    # set aside from the collector, which would otherwise walk them in the child and so copy their
    # pages on write.
    gc.freeze()
    sel.register(0, selectors.EVENT_READ, None)
    pending = b""
    while True:
        for key, _ in sel.select():
            if isinstance(key.data, tuple):
                drain(key.data[1])
                continue
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
                elif msg["op"] == "hold":
                    hold(msg)


main()
