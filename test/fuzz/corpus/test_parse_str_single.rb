# single quotes: only \\ and \' are escapes
a = 'plain'
b = 'it\'s \\ a \n not newline'
c = ''
d = 'multi
line'
