import os, glob
leaks = []
for path in ('/etc/shadow', '/etc/passwd', '/root/.bashrc', '/root/.ssh/id_rsa'):
    try:
        open(path).read()
        leaks.append(path)
    except OSError:
        pass
try:
    if os.listdir('/root'):
        leaks.append('/root')
except OSError:
    pass
secret = 'JUDGE_TEST_SECRET'
if any(secret in k for k in os.environ):
    leaks.append('environ')
for f in glob.glob('/proc/*/environ'):
    try:
        if secret.encode() in open(f, 'rb').read():
            leaks.append(f)
    except OSError:
        pass
print('blocked' if not leaks else 'leaked ' + ' '.join(leaks))
