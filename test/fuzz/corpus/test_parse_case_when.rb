# case with a subject
case x
when 1, 2 then :a
when *arr
  :b
when String: :c
when 3, *more then :d
else :e
end
case x when 1 then end
case (y)
when 1
end
