import ctypes
libc = ctypes.CDLL(None, use_errno=True)
ok = []
if libc.mount(b'none', b'/tmp', b'tmpfs', 0, None) == 0:
    ok.append('tmpfs')
if libc.mount(b'/usr', b'/tmp', None, 4096, None) == 0:  # MS_BIND
    ok.append('bind')
if libc.umount2(b'/usr', 2) == 0:  # MNT_DETACH
    ok.append('umount')
print('blocked' if not ok else 'mounted ' + ' '.join(ok))
