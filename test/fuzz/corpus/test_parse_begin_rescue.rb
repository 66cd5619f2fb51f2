# begin/rescue/else/ensure
begin
  foo
rescue A, B => e
  1
rescue C
  2
rescue => e2
  3
rescue *EXC
  4
rescue
  5
else
  6
ensure
  7
end
begin; rescue; end
begin; x; ensure; y; end
begin
  z
rescue A then 8
rescue B: 9
end
begin; a; else; b; end
