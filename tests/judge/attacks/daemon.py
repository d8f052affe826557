import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        sys.stdout.close()
        os.close(1)
        os.close(2)
        while True:
            time.sleep(0.05)
    os._exit(0)
print('done')
