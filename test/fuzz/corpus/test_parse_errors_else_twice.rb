if x then 1 else 2 else 3 end
