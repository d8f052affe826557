import os
written = []
for path in ('/judge-escape', '/usr/judge-escape', '/etc/judge-escape', '/code/judge-escape',
             '/dev/judge-escape', '/proc/judge-escape', '/var/tmp/judge-escape', '/root/judge-escape'):
    try:
        with open(path, 'w') as f:
            f.write('x')
        written.append(path)
    except OSError:
        pass
print('blocked' if not written else 'wrote ' + ' '.join(written))
