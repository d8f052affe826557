import time
time.sleep(1_000_000)
