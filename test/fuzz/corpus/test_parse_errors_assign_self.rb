self = 1
