import threading, time
while True:
    try:
        threading.Thread(target=time.sleep, args=(1000,), daemon=True).start()
    except RuntimeError:
        pass
