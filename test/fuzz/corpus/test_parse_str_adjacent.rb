# adjacent literals make one string
a = "a" 'b' "c"
b = "x#{1}" "y"
c = 'p' "q#{2}" 'r'
