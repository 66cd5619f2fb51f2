# backquotes
a = `ls`
b = `ls #{dir}`
c = %x{date}
