# double-quoted escapes
a = "\n\t\s\r\0\e\a\b\f\v\\\"\#"
b = "\101\x41\7\x7"
c = "\cA\C-b\M-a\M-\C-a\c?"
d = "tab\tend"
e = "line\
continued"
