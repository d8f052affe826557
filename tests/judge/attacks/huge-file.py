with open('/tmp/huge', 'wb') as f:
    for _ in range(4096):
        f.write(b'x' * 1024 * 1024)
print('wrote 4 GiB')
