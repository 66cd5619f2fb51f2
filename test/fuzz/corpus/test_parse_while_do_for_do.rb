# `do` after a loop condition belongs to the loop
while c do x end
until c do x end
for i in list do p i end
while foo(1) do end
while x.any? { |v| v } do end
while (foo do end) do end
