# Compiles the judge's seccomp filter to BPF with libseccomp (Debian's python3-seccomp) and writes
# it to stdout; sandbox.ts runs this once per server process and hands the bytes to bwrap --seccomp.
# Why a script: the program is produced by the maintained libseccomp, never hand-written bytes.
import errno
import sys

import seccomp

EPERM = seccomp.ERRNO(errno.EPERM)
f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
# Only native x86-64 (or the host's own arch) syscalls: a 32-bit or x32 entry point is killed so it
# cannot slip past the rules by using other syscall numbers.
f.remove_arch(seccomp.Arch.NATIVE)
f.add_arch(seccomp.Arch.NATIVE)
f.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)

denied = [
    # Debugging and reading other processes' memory.
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp",
    # File system (re)arrangement.
    "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig",
    "fsmount", "fspick", "mount_setattr",
    # Namespaces.
    "unshare", "setns",
    # Kernel attack surface a student program never needs.
    "bpf", "keyctl", "add_key", "request_key", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "open_by_handle_at", "name_to_handle_at", "personality", "acct", "swapon", "swapoff",
    "syslog", "quotactl", "lookup_dcookie", "vhangup", "reboot",
]
for name in denied:
    try:
        f.add_rule(EPERM, name)
    except (RuntimeError, ValueError, OSError):
        pass  # a syscall this architecture lacks

# clone() with any namespace flag is refused; plain fork/thread clones pass.
# CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET (one rule each: a rule matches
# when its flag bit is set, whatever the other bits).
for flag in (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000):
    f.add_rule(EPERM, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
# clone3 passes its flags in memory a filter cannot read: ENOSYS makes libc fall back to clone().
f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")

# Sockets: only AF_UNIX (1); every other family (inet, inet6, netlink, packet...) is refused.
f.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.NE, 1))

sys.stdout.flush()
f.export_bpf(sys.stdout)
