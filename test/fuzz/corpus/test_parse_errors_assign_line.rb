__LINE__ = 1
