# the ensure clause's exception replaces the first one
begin
  raise "first"
ensure
  raise TypeError, "second"
end
