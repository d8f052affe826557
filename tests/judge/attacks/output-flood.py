line = 'x' * 1000
while True:
    print(line)
