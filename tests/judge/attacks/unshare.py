import ctypes, subprocess
libc = ctypes.CDLL(None, use_errno=True)
ok = []
for name, flag in (('user', 0x10000000), ('mnt', 0x00020000), ('net', 0x40000000), ('pid', 0x20000000)):
    if libc.unshare(flag) == 0:
        ok.append(name)
if libc.setns(0, 0) == 0:
    ok.append('setns')
try:
    if subprocess.run(['/usr/bin/unshare', '-Ur', 'true'], capture_output=True).returncode == 0:
        ok.append('unshare(1)')
except OSError:
    pass
print('blocked' if not ok else 'unshared ' + ' '.join(ok))
