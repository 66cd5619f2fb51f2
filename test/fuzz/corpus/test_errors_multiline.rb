# a message of several lines: the class goes after the first line
raise "first line\nsecond line"
