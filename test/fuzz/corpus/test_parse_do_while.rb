# begin ... end while c runs the body first
begin
  x
end while c
begin; y; end until d
begin end while e
z while f
(begin; w; end) while g
begin x; rescue; end while h
