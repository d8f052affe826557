import os
got = []
links = {'/tmp/shadow': '/etc/shadow', '/tmp/root': '/root/.bashrc', '/tmp/up': '../../../../etc/shadow',
         '/tmp/proc': '/proc/1/root/etc/shadow', '/tmp/hostroot': '/proc/1/cwd/../../../etc/shadow'}
for link, target in links.items():
    try:
        os.symlink(target, link)
        open(link).read()
        got.append(link)
    except OSError:
        pass
try:
    os.symlink('/tmp', '/code/escape')
    got.append('/code/escape')
except OSError:
    pass
print('blocked' if not got else 'escaped ' + ' '.join(got))
