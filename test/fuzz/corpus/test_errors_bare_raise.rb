# a bare raise with no $! raises an empty RuntimeError
raise
