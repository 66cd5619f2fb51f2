# if/elsif/else/unless, then and Ruby 1.8's ':'
if a then 1 elsif b then 2 elsif c then 3 else 4 end
if a
  1
else
  2
end
if a: 1 end
unless a then 1 else 2 end
unless a
  3
end
if a; end
x = if b then 5 end
