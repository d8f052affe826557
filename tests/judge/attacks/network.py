import socket
results = []
for host, port in (('127.0.0.1', 5432), ('127.0.0.1', 80), ('192.0.2.1', 80)):
    try:
        s = socket.create_connection((host, port), timeout=2)
        s.close()
        results.append('connected')
    except OSError:
        results.append('blocked')
print('blocked' if results == ['blocked'] * 3 else ' '.join(results))
