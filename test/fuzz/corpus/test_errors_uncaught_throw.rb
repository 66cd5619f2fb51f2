# throw without a matching catch
def go
  throw :nowhere
end
go
