written = 0
try:
    with open('/dev/shm/flood', 'wb') as f:
        while written < 256 * 1024 * 1024:
            f.write(b'x' * 1024 * 1024)
            f.flush()
            written += 1024 * 1024
    print('flooded')
except OSError:
    print('blocked')
