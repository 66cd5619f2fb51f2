def m
  class C; end
end
